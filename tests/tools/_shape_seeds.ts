/**
 * Valid documents of every shape a generated validator reads, as varied as the shape allows:
 * the property test mutates them at random (tests/tools/generated_validators_test.ts).
 *
 * @module
 */

const verdicts = [
  { assertion_id: "a1c918e4da61d0d6", assertion: "correct", status: "pass", metadata: {} },
  {
    assertion_id: "f4de3746b350b175",
    assertion: "length",
    status: "fail",
    score: 8,
    reason: "too short",
    metadata: { judge: "x", n: 1, ok: true },
    answer: '{"verdict": "fail", "score": 8}',
  },
];
const usage = {
  role: "judge",
  provider: "openai",
  model: "m",
  calls: 1,
  retries: 0,
  input_tokens: 10,
  output_tokens: 2,
  unmetered: 0,
};
const caseResult = {
  case_id: "c1",
  kind: "normal",
  group: "g",
  label: "positive",
  output: "positive",
  verdicts,
  latency_ms: 2.4,
  attempts: 1,
  usage: [usage],
  inputs_digest: "09f139473442a33a",
  expected: { label: ["positive", 1, null] },
  vars: { text: "so good", n: 2, nested: { list: [true, null] } },
  prompt: "Classify: so good",
};
const rareCase = {
  case_id: "c2",
  kind: "calibration",
  expected_verdict: "fail",
  verdicts: [verdicts[0]],
  latency_ms: 0,
  attempts: 0,
  transport_error: "timed out",
  suspended_reason: "x",
  refused: true,
  output_notes: ["replaced bytes"],
  samples: [
    { output: "a", verdicts, latency_ms: 1, attempts: 1 },
    { verdicts: [], latency_ms: 1, attempts: 2, transport_error: "x", refused: true },
  ],
};
const exclusions = {
  suspended: [],
  canary: ["k1"],
  calibration: [],
  errored: [],
  unlabelled: [],
  unscored: [],
  other_group: [],
};
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
  target_settings: {
    provider: "openai",
    model: "m",
    endpoint: "api.openai.com",
    temperature: 0,
    max_tokens: 100,
    extra_body: { top_k: [1, { a: null }] },
  },
  git_commit: "0123abcd-dirty",
  started_at: "2026-01-01T00:00:00.000Z",
  finished_at: "2026-01-01T00:00:01.000Z",
  assertions: [
    { id: "a1c918e4da61d0d6", name: "correct", kind: "equals", definition: { kind: "equals" } },
    { id: "f4de3746b350b175", name: "length", kind: "length" },
  ],
  aggregates: [
    { name: "accuracy", kind: "accuracy", over: "correct", by: "group", primary: true },
    { name: "len", kind: "mean", over: "length", higher_is_better: false },
    { name: "rec", kind: "recall", over: "correct", positive: "yes" },
    { name: "prec", kind: "precision", over: "correct", positive: "yes", primary: false },
  ],
  cases: [caseResult, rareCase],
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
    by_model: [usage],
  },
  rejudged_from: "20251231-235959-999-abcdef",
  redact: ["outputs"],
  label: "VADER, lexicon 3.3",
};
const shardRun = {
  ...run,
  git_commit: null,
  aggregates: undefined,
  shard: { index: 2, count: 3, cases: ["c1", "c2"] },
  merged_from: ["20251231-235959-999-abcdef"],
  baseline_rechecks: [{
    run_id: "20251231-235959-999-abcdef",
    case_id: "c1",
    assertion_id: "a1c918e4da61d0d6",
    verdicts: [verdicts[1]],
  }],
  gate: { ...run.gate, max_extra_calls: undefined, primary: null },
  redact: [],
};
delete shardRun.aggregates;
delete shardRun.gate.max_extra_calls;

const approval = {
  schema_version: 1,
  suite: "s",
  tenant: "default",
  run_id: "20260101-000000-000-000000",
  promoted_by: "ana",
  promoted_at: "2026-01-01T00:00:02.000Z",
  because: "first baseline",
};

/** Seeds by the name the shape has in tools/validated_shapes.ts. */
/** A TOML suite with one of every part its generated validator reads. */
const tomlSuite = {
  name: "every-part",
  description: "all the parts",
  target: { module: "system.ts", export: "classify", concurrency: 64, retries: 0 },
  assertions: [
    { name: "correct", kind: "equals", trim: true },
    { name: "says", kind: "includes", value: ["ive", "x"], ignore_case: true },
    { name: "no-sorry", kind: "not-includes", value: "sorry", reduce: "mean", min_pass_rate: 0.5 },
    { name: "answers", kind: "regex", pattern: "^(positive|negative)$", flags: "i" },
    { name: "braces", kind: "regex", pattern: "{{x}}" },
    { name: "short", kind: "length", min: 1, max: 80 },
    { name: "score", kind: "number", field: "a.b", min: 0, max: 1.5 },
    { name: "shaped", kind: "json" },
    { name: "exact", kind: "equals", value: { a: [1, "b"] } },
  ],
  aggregates: [
    { name: "accuracy", kind: "accuracy", over: "correct", primary: true },
    { name: "recall", kind: "recall", over: "says", positive: "1", by: "group" },
    { name: "len", kind: "mean", over: "short", higher_is_better: false },
  ],
  cases: [
    { id: "a", vars: { text: "hi", n: [1, { k: "v" }] }, expected: "positive" },
    { id: "b", group: "g", label: "pos" },
  ],
  cases_file: ["cases.jsonl"],
  gate: { alpha: 0.05, power: 0.8, noisy_draws: 0, confirm_draws: 5, max_extra_calls: 100 },
  report: { redact: ["vars", "outputs"] },
};

export const SHAPE_SEEDS: Record<string, readonly unknown[]> = {
  RunSynopsis: [
    {
      run_id: "20260101-000000-000-000000",
      suite: "s",
      started_at: "2026-01-01T00:00:00.000Z",
      git_commit: null,
      target: { kind: "function", name: "classify" },
      cases: 20,
      cases_digest: "aaaaaaaaaaaaaaaa",
      config_hash: "bbbbbbbbbbbbbbbb",
      errored_checks: ["c1 · correct"],
      failed_checks: 2,
      figures: { accuracy: 0.9, f1: null },
      shard: "1/4",
      label: "AFINN",
    },
  ],
  RunDocument: [run, shardRun, { ...run, cases: [], figures: [], assertions: [] }],
  BaselineDocument: [
    approval,
    {
      ...approval,
      because: null,
      runs: ["20260101-000000-000-000000", "20260101-000100-000-abcdef"],
      measured: {
        of: 2,
        passes: { c1: { a1c918e4da61d0d6: 2 }, c2: { a1c918e4da61d0d6: 1 } },
        noisy: ["c2 · correct"],
        figures: {
          accuracy: { values: [1, 0.5], spread: 0.5 },
          len: { values: [null, 3], spread: null },
        },
      },
    },
  ],
  JournalHeader: [{
    journal: 1,
    run_id: "20261130-000000-000-aaaaaa",
    suite: "j",
    cases_digest: "0123456789abcdef",
    config_hash: "fedcba9876543210",
    started_at: "2026-11-30T00:00:00.000Z",
    git_commit: null,
  }],
  LockOwner: [{ pid: 4242, host: "box", started_at: "2026-11-30T00:00:00.000Z" }],
  ProjectConfig: [
    {
      imports: { digline: "../digline/dist/digline.js", "node:path": "./x.js" },
      scopes: { "file:///": { zod: "npm:zod@4" } },
      unstable: ["kv"],
      tasks: { dev: "deno run main.ts" },
    },
    { importMap: "./import_map.json", nodeModulesDir: "auto" },
  ],
  Score: [
    { status: "pass" },
    { status: "fail", score: 0.2, reason: "no", name: "n", metadata: { a: 1, b: "x", c: true } },
  ],
  Case: [
    { id: "a", vars: { name: "Ada", n: [1, { k: null }] }, expected: "Hello", label: "yes" },
    { id: "b", group: "g", kind: "canary", repeats: 3 },
    { id: "c", kind: "suspended", reason: "down" },
    { id: "d", kind: "calibration", check: "correct", expected_verdict: "pass", output: "x" },
  ],
  AggregateSpec: run.aggregates,
  GateSettings: [{}, { alpha: 0.2, power: 0.8, noisy_draws: 0, confirm_draws: 20, min_change: 1 }, {
    max_extra_calls: 0,
  }],
  ReportSettings: [{}, { redact: ["outputs", "vars"] }],
  TomlSuite: [tomlSuite, {
    name: "cmd",
    target: { command: ["python3", "a.py"], cwd: "sub", repeats: 3 },
    assertions: [{ name: "json", kind: "json", schema: { type: "object" } }],
    cases_file: "cases.jsonl",
  }],
};
