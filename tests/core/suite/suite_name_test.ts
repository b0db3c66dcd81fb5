import { deepStrictEqual as assertEquals } from "node:assert/strict";
import fc from "fast-check";
import { suiteNameProblem } from "../../../core/suite/suite_name.ts";
import { SuiteNameSchema } from "../../../core/suite/suite_name_schema.ts";

const names: fc.Arbitrary<unknown> = fc.oneof(
  fc.string({ maxLength: 4 }),
  fc.stringMatching(/^[A-Za-z0-9_. -]{0,6}$/),
  fc.string({ minLength: 99, maxLength: 102 }),
  fc.constantFrom("a".repeat(100), "a".repeat(101), "", "-a", "a-", "é"),
  fc.constantFrom(null, undefined, 3, true, [], {}),
);

Deno.test("a suite name is judged by hand as its schema judges it, in the schema's first words", () => {
  fc.assert(
    fc.property(names, (name) => {
      const parsed = SuiteNameSchema.safeParse(name);
      assertEquals(suiteNameProblem(name), parsed.error?.issues[0].message);
    }),
    { numRuns: 3000 },
  );
});
