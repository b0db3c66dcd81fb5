import { deepStrictEqual as assertEquals, ok, throws } from "node:assert/strict";
import type { Assertion } from "../../../core/suite/assertions/assertion.ts";
import {
  equals,
  includes,
  json,
  length,
  notIncludes,
  number,
  regex,
} from "../../../core/suite/assertions/constructors.ts";
import { customAssertion } from "../../../core/suite/assertions/custom.ts";
import type { Case } from "../../../core/suite/case.ts";
import { AssertionShapeError } from "../../../core/errors.ts";

const testCase: Case = { id: "c", vars: {}, kind: "normal", expected: "Positive" };

async function statusOf(assertion: Assertion, output: string): Promise<string> {
  const result = await assertion.check({ output, testCase });
  if (typeof result === "boolean" || Array.isArray(result)) throw new Error("unexpected shape");
  return result.status;
}

Deno.test("equals compares with the case's expected, normalised only when asked", async () => {
  assertEquals(await statusOf(equals({ name: "e" }), "Positive"), "pass");
  assertEquals(await statusOf(equals({ name: "e" }), " positive "), "fail");
  assertEquals(
    await statusOf(equals({ name: "e", trim: true, ignore_case: true }), " positive "),
    "pass",
  );
});

Deno.test("includes fails on an empty output: silence is never a pass", async () => {
  assertEquals(await statusOf(includes({ name: "i", value: "x" }), ""), "fail");
  throws(() => includes({ name: "i", value: "" }), AssertionShapeError);
});

Deno.test("includes, not-includes and regex read the output as text", async () => {
  assertEquals(await statusOf(includes({ name: "i", value: ["30", "days"] }), "30 days"), "pass");
  assertEquals(await statusOf(includes({ name: "i", value: "refund" }), ""), "fail");
  assertEquals(await statusOf(notIncludes({ name: "n", value: "sorry" }), "Sorry!"), "pass");
  assertEquals(
    await statusOf(notIncludes({ name: "n", value: "sorry", ignore_case: true }), "Sorry!"),
    "fail",
  );
  assertEquals(await statusOf(regex({ name: "r", pattern: "^\\d+$" }), "123"), "pass");
});

Deno.test("json parses the output and checks it against a schema when given", async () => {
  const schema = { type: "object", required: ["answer"] };
  assertEquals(await statusOf(json({ name: "j" }), "{}"), "pass");
  assertEquals(await statusOf(json({ name: "j" }), "{oops"), "fail");
  assertEquals(await statusOf(json({ name: "j", schema }), '{"answer": 1}'), "pass");
  assertEquals(await statusOf(json({ name: "j", schema }), "{}"), "fail");
  assertEquals(
    await json({ name: "j", schema }).check({ output: "{}", testCase }),
    { status: "fail", reason: "does not match the schema: / must have required property 'answer'" },
  );
});

Deno.test("json refuses a schema that does not compile when it is built, naming the key", () => {
  throws(
    () => json({ name: "j", schema: { type: "strnig" } }),
    (e: unknown) =>
      e instanceof AssertionShapeError &&
      /^Assertion "j" of kind "json" is malformed \(schema\): not a valid JSON Schema: /.test(
        e.message,
      ),
  );
});

Deno.test("number and length hold their bounds and report the measured value", async () => {
  const n = number({ name: "n", field: "score", min: 0, max: 1 });
  assertEquals(await statusOf(n, '{"score": 0.5}'), "pass");
  assertEquals(await statusOf(n, '{"score": 2}'), "fail");
  assertEquals(await statusOf(n, "not json"), "fail");
  const l = length({ name: "l", max: 3 });
  assertEquals(await statusOf(l, "abc"), "pass");
  assertEquals(await statusOf(l, "abcd"), "fail");
});

Deno.test("an assertion id is the digest of its definition with defaults filled in", () => {
  assertEquals(equals({ name: "e" }).id, equals({ name: "e", trim: false }).id);
  ok(equals({ name: "e" }).id !== equals({ name: "e", trim: true }).id);
  ok(/^[0-9a-f]{16}$/.test(equals({ name: "e" }).id));
});

Deno.test("a malformed built-in or custom assertion is refused as AssertionShapeError", () => {
  throws(() => regex({ name: "r" } as never), AssertionShapeError);
  throws(() => customAssertion({ name: "c" } as never), AssertionShapeError);
  throws(() => customAssertion({ name: "bad name!", check: () => true }), AssertionShapeError);
  ok(customAssertion({ name: "c", check: () => true }).id.length === 16);
});
