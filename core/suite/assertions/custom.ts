import { shortDigest } from "../../digest.ts";
import { AssertionShapeError } from "../../errors.ts";
import { type JsonObject, type JsonValue, JsonValueSchema } from "../../json.ts";
import type { Assertion, CheckInput, CheckResult } from "./assertion.ts";
import { AssertionNameSchema } from "./definition.ts";

/**
 * What a suite module writes to declare a custom assertion. `V` is the type of the vars of the
 * cases it checks (any JSON object by default): `custom<{ q: string }>({ ... })`.
 *
 * @example
 * ```ts
 * import { custom, type CustomAssertionInput } from "../../../mod.ts";
 * const input: CustomAssertionInput = {
 *   name: "short",
 *   params: { max: 80 },
 *   check: ({ output }) => output.length <= 80,
 * };
 * custom(input);
 * ```
 */
export interface CustomAssertionInput<V extends object = JsonObject> {
  /** Unique in the suite: letters, digits and _ . : - only. */
  name: string;
  /** Parameters that are part of the assertion's identity; JSON only. */
  params?: JsonValue;
  /**
   * The check's answer depends on nothing but its input (no call, no clock, no file): when its
   * definition changes, a run re-applies it to the approved baseline's stored outputs so compare
   * judges both sides by the same rules. Left out, a changed check makes compare unjudged (exit 2).
   */
  pure?: boolean;
  /** Judges one output: a boolean, a Score, or several (one verdict each). */
  check: (
    input: CheckInput<V>,
  ) => CheckResult | CheckResult[] | Promise<CheckResult | CheckResult[]>;
}

/**
 * Declares a custom assertion. Its id covers the name, the params and the check's source text,
 * so editing the check changes its identity as editing a built-in's parameters does.
 * A malformed declaration throws AssertionShapeError while the suite loads. `mod.ts` exports it
 * as `custom`.
 *
 * @example
 * ```ts
 * import { deepStrictEqual as assertEquals, notDeepStrictEqual } from "node:assert/strict";
 * import { custom } from "../../../mod.ts";
 * const polite = custom({ name: "polite", check: ({ output }) => output.endsWith("!") });
 * const testCase = { id: "a", kind: "normal" as const, vars: {} };
 * assertEquals(await polite.check({ output: "Hello!", testCase }), true);
 * // The check's text is part of the identity: an edited check is a different assertion.
 * const edited = custom({ name: "polite", check: ({ output }) => output.endsWith(".") });
 * notDeepStrictEqual(edited.id, polite.id);
 * ```
 */
export function customAssertion<V extends object = JsonObject>(
  input: CustomAssertionInput<V>,
): Assertion {
  if (input === null || typeof input !== "object") {
    throw new AssertionShapeError("A custom assertion must be an object with a name and a check");
  }
  const name = AssertionNameSchema.safeParse(input.name);
  if (!name.success) {
    throw new AssertionShapeError(
      `A custom assertion needs a name of letters, digits and _ . : - (got ${
        JSON.stringify(input.name)
      })`,
    );
  }
  if (typeof input.check !== "function") {
    throw new AssertionShapeError(
      `Custom assertion "${input.name}" has no check function: give it check(input)`,
    );
  }
  if (input.pure !== undefined && typeof input.pure !== "boolean") {
    throw new AssertionShapeError(
      `Custom assertion "${input.name}" has pure = ${
        JSON.stringify(input.pure)
      }: give pure: true when the check calls nothing, or leave it out`,
    );
  }
  if (input.params !== undefined && !JsonValueSchema.safeParse(input.params).success) {
    throw new AssertionShapeError(
      `Custom assertion "${input.name}" has params that are not plain JSON`,
    );
  }
  const definition: JsonValue = {
    name: input.name,
    kind: "custom",
    params: input.params ?? null,
    check_source: shortDigest(String(input.check)),
    // Only when declared, so the ids of checks written before `pure` existed do not move.
    ...(input.pure === true ? { pure: true } : {}),
  };
  return {
    id: shortDigest(definition),
    name: input.name,
    kind: "custom",
    definition,
    // A run hands the check the cases of its own suite; that their vars are the V it declares
    // is a promise of the suite's author, held where it can be (defineSuite), not here.
    check: input.check as Assertion["check"],
  };
}

// Code apart from the schemas this module needs, so comparing loads no zod (ADR 0077).
export { isPureCustom } from "./pure_custom.ts";
