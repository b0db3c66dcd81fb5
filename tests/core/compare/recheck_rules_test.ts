import { deepStrictEqual as assertEquals, ok, throws } from "node:assert/strict";
import { shortDigest } from "../../../core/digest.ts";
import { recheckableCheck } from "../../../core/compare/recheck_rules.ts";
import { compileJsonSchema } from "../../../core/suite/assertions/ajv_schema.ts";
import { json } from "../../../core/suite/assertions/constructors.ts";
import type { Case } from "../../../core/suite/case.ts";
import type { Score } from "../../../core/verdict.ts";

const testCase: Case = { id: "c", vars: {}, kind: "normal" };
const schema = { type: "object", required: ["answer"] };
const recorded = (() => {
  const check = json({ name: "shape", schema });
  return { id: check.id, name: check.name, kind: check.kind, definition: check.definition };
})();

Deno.test("a recorded json check with a schema is rebuilt by the compiler handed in", async () => {
  const check = recheckableCheck(recorded, compileJsonSchema);
  ok(check !== undefined);
  assertEquals(check.id, recorded.id);
  assertEquals(
    ((await check.check({ output: '{"answer": 1}', testCase })) as Score).status,
    "pass",
  );
  assertEquals(((await check.check({ output: "{}", testCase })) as Score).status, "fail");
});

Deno.test("a recorded json schema is never silently left un-rechecked for want of a compiler", () => {
  throws(() => recheckableCheck(recorded), /without a compiler/);
});

Deno.test("a recorded json schema that does not compile is not re-checkable", () => {
  // Its id is its own digest, so only the schema stands between it and a re-check.
  const definition = { name: "shape", kind: "json", schema: { type: 3 } };
  const broken = { ...recorded, id: shortDigest(definition), definition };
  assertEquals(recheckableCheck(broken, compileJsonSchema), undefined);
});
