import { deepStrictEqual as assertEquals, ok } from "node:assert/strict";
import fc from "fast-check";
import { CaseResultSchema, RunDocumentSchema } from "../../../core/run/run_document.ts";
import { isPlainCaseResult, parseRunDocument } from "../../../core/run/run_document_parse.ts";
import { isPlainRunDocument } from "../../../core/run/run_document_check.ts";

const validCase = {
  case_id: "c1",
  kind: "normal",
  output: "positive",
  verdicts: [
    { assertion_id: "a1c918e4da61d0d6", assertion: "correct", status: "pass", metadata: {} },
    {
      assertion_id: "f4de3746b350b175",
      assertion: "length",
      status: "fail",
      score: 8,
      reason: "too short",
      metadata: { judge: "x", n: 1, ok: true },
    },
  ],
  latency_ms: 2.4,
  attempts: 1,
  inputs_digest: "09f139473442a33a",
  expected: { label: ["positive", 1, null] },
};

const anyValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.constant(undefined),
  fc.constant(null),
  fc.boolean(),
  fc.integer({ min: -2, max: 2 }),
  fc.double(),
  fc.constantFrom("", "pass", "error", "normal", "09f139473442a33a", "x".repeat(65)),
  fc.array(fc.oneof(fc.string(), fc.integer()), { maxLength: 2 }),
  fc.dictionary(
    fc.constantFrom("judge", "__proto__", "x".repeat(65)),
    fc.oneof(fc.string(), fc.double()),
  ),
);

/** The valid case with some of its own keys (or its first verdict's) changed or removed. */
const editedCase = fc.record({
  replace: fc.dictionary(
    fc.constantFrom(...Object.keys(validCase), "usage", "refused", "group", "extra"),
    anyValue,
    { maxKeys: 2 },
  ),
  verdict: fc.dictionary(
    fc.constantFrom(...Object.keys(validCase.verdicts[1]), "extra"),
    anyValue,
    { maxKeys: 2 },
  ),
}).map(({ replace, verdict }) => {
  const edited: Record<string, unknown> = { ...validCase, ...replace };
  edited.verdicts = [validCase.verdicts[0], { ...validCase.verdicts[1], ...verdict }];
  for (const [key, value] of Object.entries(edited)) if (value === undefined) delete edited[key];
  return JSON.parse(JSON.stringify(edited));
});

Deno.test("the hand check of a case accepts nothing the case schema refuses, and changes nothing", () => {
  ok(isPlainCaseResult(validCase));
  fc.assert(
    fc.property(editedCase, (value) => {
      if (!isPlainCaseResult(value)) return;
      const parsed = CaseResultSchema.safeParse(value);
      ok(parsed.success, `accepted by hand, refused by the schema: ${JSON.stringify(value)}`);
      assertEquals(parsed.data, value);
    }),
    { numRuns: 3000 },
  );
});

/** The first fields of a run, in the schema's order: who made it, of what suite, against what. */
const RUN_IDENTITY = {
  schema_version: 1,
  run_id: "20260101-000000-000-000000",
  tenant: "default",
  suite: {
    name: "s",
    cases_digest: "aaaaaaaaaaaaaaaa",
    config_hash: "bbbbbbbbbbbbbbbb",
    source: "s.toml",
  },
  target: { kind: "function", name: "f" },
};

Deno.test("a run document reads back as the schema reads it, and is refused with the schema's words", () => {
  const run = {
    ...RUN_IDENTITY,
    git_commit: null,
    started_at: "2026-01-01T00:00:00.000Z",
    finished_at: "2026-01-01T00:00:01.000Z",
    assertions: [],
    cases: [validCase, { ...validCase, case_id: "c2", usage: [] }],
    figures: [],
  };
  fc.assert(
    fc.property(editedCase, fc.nat({ max: 1 }), (edited, at) => {
      const document = { ...run, cases: run.cases.map((c, i) => (i === at ? edited : c)) };
      const ours = parseRunDocument(document);
      const schema = RunDocumentSchema.safeParse(document);
      assertEquals(ours.success, schema.success);
      if (ours.success && schema.success) assertEquals(ours.data, schema.data);
      if (!ours.success && !schema.success) {
        assertEquals(ours.error.issues[0].path, schema.error.issues[0].path);
        assertEquals(ours.error.issues[0].message, schema.error.issues[0].message);
      }
    }),
    { numRuns: 1000 },
  );
});

const exclusions = {
  suspended: [],
  canary: ["k1"],
  calibration: [],
  errored: [],
  unlabelled: [],
  unscored: [],
  other_group: [],
};
const validRun = {
  ...RUN_IDENTITY,
  git_commit: "0123abcd-dirty",
  started_at: "2026-01-01T00:00:00.000Z",
  finished_at: "2026-01-01T00:00:01.000Z",
  assertions: [
    { id: "a1c918e4da61d0d6", name: "correct", kind: "equals", definition: { kind: "equals" } },
  ],
  aggregates: [
    { name: "accuracy", kind: "accuracy", over: "correct", by: "group", primary: true },
    { name: "len", kind: "mean", over: "length", higher_is_better: false },
    { name: "rec", kind: "recall", over: "correct", positive: "yes" },
  ],
  cases: [validCase],
  figures: [{
    name: "accuracy",
    aggregate: "accuracy",
    kind: "accuracy",
    over: "correct",
    over_id: "a1c918e4da61d0d6",
    group: null,
    value: 0.5,
    counted: ["c1"],
    exclusions,
  }],
  gate: {
    alpha: 0.01,
    power: 0.9,
    noisy_draws: 2,
    confirm_draws: 10,
    min_change: 0.01,
    max_extra_calls: 5,
    primary: "accuracy",
  },
  totals: {
    cases: 1,
    attempts: 1,
    latency_ms: 2.4,
    calls: 1,
    retries: 0,
    input_tokens: 10,
    output_tokens: 2,
    unmetered: 0,
    by_model: [{
      role: "judge",
      provider: "openai",
      model: "m",
      calls: 1,
      retries: 0,
      input_tokens: 10,
      output_tokens: 2,
      unmetered: 0,
    }],
  },
  rejudged_from: "20251231-235959-999-abcdef",
  merged_from: ["20251231-235959-999-abcdef"],
  redact: ["outputs"],
};

const headValue: fc.Arbitrary<unknown> = fc.oneof(
  anyValue,
  fc.double({ min: -1, max: 1.5, noNaN: true }),
  fc.integer({ min: -1, max: 25 }),
  fc.constantFrom(
    0,
    1,
    0.2,
    0.3,
    0.5,
    0.99,
    20,
    21,
    -0.5,
    1.5,
    "mean",
    "precision",
    "recall",
    "group",
    "target",
    "outputs",
    "a".repeat(101),
    "bad name",
    "2026-02-29T00:00:00.000Z",
    "2028-02-29T00:00:00.000Z",
    "2026-01-01T24:00:00.000Z",
    "2026-01-01T00:00:00Z",
    "2026-01-01T00:00:00.000+01:00",
    "20260101-000000-000-00000g",
    [],
    ["20260101-000000-000-000000"],
    { index: 1, count: 2, cases: [] },
  ),
);
/** Mostly no edit, so each sample changes one or two parts of the run and not all at once. */
const edits = (keys: string[]) =>
  fc.oneof(
    { weight: 6, arbitrary: fc.constant({}) },
    { weight: 1, arbitrary: fc.dictionary(fc.constantFrom(...keys), headValue, { maxKeys: 2 }) },
  );
const withEdits = (value: Record<string, unknown>, edit: Record<string, unknown>) => {
  const edited: Record<string, unknown> = { ...value, ...edit };
  for (const [key, item] of Object.entries(edited)) if (item === undefined) delete edited[key];
  return edited;
};

/** The valid run with a few of its head's fields (or their fields) changed, removed or moved. */
const editedRun = fc.record({
  top: edits([...Object.keys(validRun), "shard", "baseline_rechecks", "extra"]),
  suite: edits([...Object.keys(validRun.suite), "extra"]),
  assertion: edits([...Object.keys(validRun.assertions[0]), "extra"]),
  aggregate: fc.tuple(
    fc.nat({ max: 2 }),
    edits(["name", "kind", "over", "by", "positive", "primary", "higher_is_better"]),
  ),
  figure: edits([...Object.keys(validRun.figures[0]), "extra"]),
  exclusions: edits([...Object.keys(exclusions), "extra"]),
  gate: edits([...Object.keys(validRun.gate), "extra"]),
  totals: edits([...Object.keys(validRun.totals), "extra"]),
  usage: edits([...Object.keys(validRun.totals.by_model[0]), "extra"]),
  reverse: fc.oneof(
    { weight: 10, arbitrary: fc.constant("none") },
    { weight: 1, arbitrary: fc.constantFrom("top", "suite", "gate", "figure", "totals") },
  ),
}).map((e) => {
  const aggregates = validRun.aggregates.map((a, i) =>
    i === e.aggregate[0] ? withEdits(a, e.aggregate[1]) : a
  );
  const figure = withEdits(
    { ...validRun.figures[0], exclusions: withEdits(exclusions, e.exclusions) },
    e.figure,
  );
  const totals = withEdits(
    { ...validRun.totals, by_model: [withEdits(validRun.totals.by_model[0], e.usage)] },
    e.totals,
  );
  const parts: Record<string, Record<string, unknown>> = {
    suite: withEdits(validRun.suite, e.suite),
    gate: withEdits(validRun.gate, e.gate),
    figure,
    totals,
  };
  const reversed = (o: Record<string, unknown>) => Object.fromEntries(Object.entries(o).reverse());
  if (e.reverse in parts) parts[e.reverse] = reversed(parts[e.reverse]);
  const run = withEdits({
    ...validRun,
    suite: parts.suite,
    assertions: [withEdits(validRun.assertions[0], e.assertion)],
    aggregates,
    figures: [parts.figure],
    gate: parts.gate,
    totals: parts.totals,
  }, e.top);
  return JSON.parse(JSON.stringify(e.reverse === "top" ? reversed(run) : run));
});

Deno.test("the hand check of a run accepts nothing the run schema refuses, and changes nothing, not even the order of keys", () => {
  ok(isPlainRunDocument(validRun));
  let accepted = 0;
  fc.assert(
    fc.property(editedRun, (value) => {
      if (!isPlainRunDocument(value)) return;
      accepted++;
      const parsed = RunDocumentSchema.safeParse(value);
      ok(parsed.success, `accepted by hand, refused by the schema: ${JSON.stringify(value)}`);
      assertEquals(JSON.stringify(parsed.data), JSON.stringify(value));
    }),
    { numRuns: 10000 },
  );
  // Not vacuous: many edits (a field moved within its bounds, an optional one dropped) stay valid.
  ok(accepted > 100, `only ${accepted} edited runs were accepted by hand`);
});

Deno.test("the hand check of a run leaves to the schema what it does not know", () => {
  for (
    const edit of [
      { shard: { index: 1, count: 2, cases: ["c1"] } },
      { started_at: "2026-01-01T00:00:00Z" },
      { gate: { ...validRun.gate, alpha: undefined } },
      { aggregates: [{ name: "len", kind: "mean", over: "length" }] },
    ]
  ) {
    const run = JSON.parse(JSON.stringify({ ...validRun, ...edit }));
    ok(!isPlainRunDocument(run), JSON.stringify(edit));
  }
  // A run whose keys are not in the schema's order reads back in the schema's order.
  const { figures, ...rest } = validRun;
  const reordered = { figures, ...rest };
  ok(!isPlainRunDocument(reordered));
  const parsed = parseRunDocument(reordered);
  ok(parsed.success);
  assertEquals(Object.keys(parsed.data), Object.keys(validRun));
});

Deno.test("the hand check of a run holds the schema's bounds at their edges", () => {
  const at = (part: "gate" | "totals", edit: Record<string, unknown>) => ({
    ...validRun,
    [part]: { ...validRun[part], ...edit },
  });
  const usage = (edit: Record<string, unknown>) =>
    at("totals", { by_model: [{ ...validRun.totals.by_model[0], ...edit }] });
  const aggregate = (edit: Record<string, unknown>) => ({
    ...validRun,
    aggregates: [{ ...validRun.aggregates[0], ...edit }],
  });
  const runs = [
    ...[0, 1e-9, 0.2, 0.2000001, 0.5].map((alpha) => at("gate", { alpha })),
    ...[0.5, 0.5000001, 0.999, 1].map((power) => at("gate", { power })),
    ...[-1, 0, 1.5, 20, 21].map((noisy_draws) => at("gate", { noisy_draws })),
    ...[0, 1, 20, 21].map((confirm_draws) => at("gate", { confirm_draws })),
    ...[-0.01, 0, 1, 1.01].map((min_change) => at("gate", { min_change })),
    ...[-1, 0, 1.5].map((max_extra_calls) => at("gate", { max_extra_calls })),
    ...[-1, 0, 0.5].map((retries) => at("totals", { retries })),
    ...[-0.1, 0].map((latency_ms) => at("totals", { latency_ms })),
    ...[64, 65].map((n) => usage({ provider: "p".repeat(n) })),
    ...[200, 201].map((n) => usage({ model: "m".repeat(n) })),
    ...["", "a".repeat(100), "a".repeat(101), "a b"].map((name) => aggregate({ name })),
    aggregate({ kind: "precision", positive: "yes" }),
    aggregate({ kind: "recall", primary: true, positive: "yes" }),
    aggregate({ over: "" }),
    ...["2028-02-29T00:00:00.000Z", "2026-02-29T00:00:00.000Z", "2026-12-31T23:59:59.999Z"].map(
      (started_at) => ({ ...validRun, started_at }),
    ),
  ];
  let accepted = 0;
  for (const run of runs) {
    if (!isPlainRunDocument(run)) continue;
    accepted++;
    const parsed = RunDocumentSchema.safeParse(run);
    ok(parsed.success, `accepted by hand, refused by the schema: ${JSON.stringify(run)}`);
    assertEquals(JSON.stringify(parsed.data), JSON.stringify(run));
  }
  // The values inside each bound, save a positive written after primary (out of the schema's order).
  ok(accepted >= 18, `only ${accepted} of the edge values were accepted by hand`);
});

Deno.test("the hand check of a case reads model usage as the case schema does", () => {
  const usage = {
    role: "target",
    provider: "openai",
    model: "gpt-4o-mini",
    calls: 2,
    retries: 1,
    input_tokens: 812,
    output_tokens: 40,
    unmetered: 0,
  };
  ok(isPlainCaseResult({ ...validCase, usage: [usage] }));
  const usageValue: fc.Arbitrary<unknown> = fc.oneof(
    anyValue,
    fc.constantFrom("judge", "anthropic", "p".repeat(64), "p".repeat(65), "m".repeat(201), -1, 1.5),
    fc.integer({ min: 0, max: 2 ** 53 }),
  );
  const edited = fc.record({
    edit: fc.dictionary(fc.constantFrom(...Object.keys(usage), "extra"), usageValue, {
      maxKeys: 2,
    }),
    count: fc.nat({ max: 2 }),
  }).map(({ edit, count }) => {
    const one: Record<string, unknown> = { ...usage, ...edit };
    for (const [key, value] of Object.entries(one)) if (value === undefined) delete one[key];
    return JSON.parse(JSON.stringify({ ...validCase, usage: Array(count).fill(one) }));
  });
  let accepted = 0;
  fc.assert(
    fc.property(edited, (value) => {
      if (!isPlainCaseResult(value)) return;
      accepted++;
      const parsed = CaseResultSchema.safeParse(value);
      ok(parsed.success, `accepted by hand, refused by the schema: ${JSON.stringify(value)}`);
      assertEquals(parsed.data, value);
    }),
    { numRuns: 3000 },
  );
  ok(accepted > 100, `only ${accepted} edited cases were accepted: the test would prove little`);
});

Deno.test("the hand check's digests are the schema's: sixteen lowercase hex digits, no near miss", () => {
  // Near misses on purpose: hex in either case, one digit short or long, letters past f,
  // and characters that only look like digits.
  const digest = fc.string({
    unit: fc.constantFrom(..."0123456789abcdefABCDEFg:/`G٣０ "),
    minLength: 14,
    maxLength: 18,
  });
  fc.assert(
    fc.property(digest, digest, (inputs, assertion) => {
      const value = {
        ...validCase,
        inputs_digest: inputs,
        verdicts: [{ ...validCase.verdicts[0], assertion_id: assertion }],
      };
      assertEquals(isPlainCaseResult(value), CaseResultSchema.safeParse(value).success);
    }),
    { numRuns: 3000 },
  );
  ok(isPlainCaseResult({ ...validCase, inputs_digest: "0123456789abcdef" }));
  ok(!isPlainCaseResult({ ...validCase, inputs_digest: "0123456789ABCDEF" }));
});
