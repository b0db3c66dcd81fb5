import { deepStrictEqual as assertEquals, ok } from "node:assert/strict";
import fc from "fast-check";
import { CaseResultSchema, RunDocumentSchema } from "../../../core/run/run_document.ts";
import { isPlainCaseResult, parseRunDocument } from "../../../core/run/run_document_parse.ts";

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

Deno.test("a run document reads back as the schema reads it, and is refused with the schema's words", () => {
  const run = {
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
