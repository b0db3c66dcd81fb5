import { deepStrictEqual as assertEquals, notDeepStrictEqual, throws } from "node:assert/strict";
import { AssertionShapeError } from "../../../core/errors.ts";
import { customAssertion, isPureCustom } from "../../../core/suite/assertions/custom.ts";

const check = ({ output }: { output: string }) => output.length < 10;

Deno.test("declaring a custom check pure is part of its identity; leaving it out keeps the old id", () => {
  const plain = customAssertion({ name: "short", check });
  const pure = customAssertion({ name: "short", pure: true, check });
  const unpure = customAssertion({ name: "short", pure: false, check });
  notDeepStrictEqual(pure.id, plain.id);
  assertEquals(unpure.id, plain.id);
  assertEquals(Object.keys(plain.definition as object).sort(), [
    "check_source",
    "kind",
    "name",
    "params",
  ]);
  assertEquals([isPureCustom(plain), isPureCustom(pure), isPureCustom(unpure)], [
    false,
    true,
    false,
  ]);
});

Deno.test("pure must be a boolean: anything else is refused as the suite loads", () => {
  throws(
    () => customAssertion({ name: "short", pure: "yes" as unknown as boolean, check }),
    (e: unknown) => e instanceof AssertionShapeError && /pure: true/.test(e.message),
  );
});
