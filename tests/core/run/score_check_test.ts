import { deepStrictEqual as assertEquals, ok } from "node:assert/strict";
import fc from "fast-check";
import { plainScore } from "../../../core/run/score_check.ts";
import { ScoreSchema } from "../../../core/run/verdict.ts";

const flag: fc.Arbitrary<unknown> = fc.oneof(
  fc.boolean(),
  fc.double(),
  fc.constantFrom(Infinity, NaN, -0, 2 ** 60),
  fc.string({ maxLength: 66 }),
  fc.constantFrom("x".repeat(64), "x".repeat(65), null, undefined, [], {}),
);

const anyValue: fc.Arbitrary<unknown> = fc.oneof(
  flag,
  fc.constantFrom("pass", "fail", "error", "PASS", "skip"),
  fc.dictionary(
    fc.oneof(fc.string({ maxLength: 3 }), fc.constantFrom("k".repeat(64), "k".repeat(65))),
    flag,
    { maxKeys: 3 },
  ),
);

/** Answers a check might return: a Score with keys changed, added or left out, or no object. */
const answers: fc.Arbitrary<unknown> = fc.oneof(
  fc.record({
    base: fc.constantFrom(
      { status: "pass" },
      { status: "fail", score: 0.2, reason: "no", name: "n", metadata: { a: 1, b: "x" } },
    ),
    replace: fc.dictionary(
      fc.constantFrom("status", "score", "reason", "name", "metadata", "extra"),
      anyValue,
      { maxKeys: 3 },
    ),
  }).map(({ base, replace }) => {
    const value: Record<string, unknown> = { ...base, ...replace };
    for (const [key, v] of Object.entries(value)) if (v === undefined) delete value[key];
    return value;
  }),
  anyValue,
  fc.constantFrom(new Date(0), Object.create(null), [{ status: "pass" }]),
);

Deno.test("a check's Score is read by hand only when the schema reads it the same", () => {
  ok(plainScore({ status: "pass", score: 1, metadata: { judge: "m" } }) !== null);
  fc.assert(
    fc.property(answers, (answer) => {
      const plain = plainScore(answer);
      if (plain === null) return;
      const parsed = ScoreSchema.safeParse(answer);
      ok(parsed.success, String(JSON.stringify(answer)));
      assertEquals(plain, parsed.data);
    }),
    { numRuns: 3000 },
  );
});
