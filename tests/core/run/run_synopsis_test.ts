import { deepStrictEqual as assertEquals, ok } from "node:assert/strict";
import fc from "fast-check";
import { isRunSynopsis } from "../../../core/run/run_synopsis.ts";
import { RunSynopsisSchema } from "../../../core/run/run_synopsis_schema.ts";

const valid = {
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
};

/** A value a JSON line could hold, with a bias toward the synopsis' own keys and shapes. */
const jsonish: fc.Arbitrary<unknown> = fc.oneof(
  fc.constant(null),
  fc.boolean(),
  fc.integer({ min: -3, max: 3 }),
  fc.double(),
  fc.constantFrom("", "x", "aaaaaaaaaaaaaaaa", "AAAAAAAAAAAAAAAA", "1/4"),
  fc.array(fc.oneof(fc.string(), fc.integer()), { maxLength: 2 }),
  fc.dictionary(
    fc.constantFrom("kind", "name", "accuracy", "extra"),
    fc.oneof(fc.string(), fc.double(), fc.constant(null)),
  ),
);

/** The valid synopsis with some keys replaced, removed or added. */
const edited = fc.record({
  replace: fc.dictionary(fc.constantFrom(...Object.keys(valid), "extra"), jsonish, { maxKeys: 3 }),
  remove: fc.subarray(Object.keys(valid), { maxLength: 2 }),
}).map(({ replace, remove }) => {
  const value: Record<string, unknown> = { ...valid, ...replace };
  for (const key of remove) delete value[key];
  return value;
});

Deno.test("the index's hand check accepts a valid synopsis, as the schema does", () => {
  ok(isRunSynopsis(valid));
  const { shard: _shard, ...unsharded } = valid;
  ok(isRunSynopsis({ ...unsharded, git_commit: "abc" }));
});

Deno.test("the index's hand check accepts nothing the synopsis schema refuses", () => {
  fc.assert(
    fc.property(edited, (value) => {
      if (isRunSynopsis(value)) {
        const parsed = RunSynopsisSchema.safeParse(value);
        ok(parsed.success, `accepted by hand, refused by the schema: ${JSON.stringify(value)}`);
        assertEquals(parsed.data, value);
      }
    }),
    { numRuns: 2000 },
  );
});

Deno.test("the index's hand check refuses the edits that break a line", () => {
  for (
    const broken of [
      { ...valid, extra: 1 },
      { ...valid, cases: -1 },
      { ...valid, cases: 1.5 },
      { ...valid, cases_digest: "AAAAAAAAAAAAAAAA" },
      { ...valid, target: { kind: "function", name: "x", more: 1 } },
      { ...valid, errored_checks: [1] },
      { ...valid, figures: { f: "1" } },
      { ...valid, shard: 4 },
      [valid],
    ]
  ) {
    ok(!isRunSynopsis(broken), JSON.stringify(broken));
    ok(!RunSynopsisSchema.safeParse(broken).success, JSON.stringify(broken));
  }
});
