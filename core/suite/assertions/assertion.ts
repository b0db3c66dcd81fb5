import type { Case } from "../case.ts";
import type { JsonObject, JsonValue } from "../../json.ts";
import type { ModelMeter } from "../../model/usage.ts";
import type { Score } from "../../verdict.ts";

/**
 * What a check is handed: the target's output and the case that produced it. `V` is the type of
 * the case's vars (any JSON object by default).
 *
 * @example
 * ```ts
 * import { deepStrictEqual as assertEquals } from "node:assert/strict";
 * import { type CheckInput, custom } from "../../../mod.ts";
 * const echoes = custom({
 *   name: "echoes",
 *   check: ({ output, testCase }: CheckInput) => output === String(testCase.vars.text),
 * });
 * const testCase = { id: "a", kind: "normal" as const, vars: { text: "hi" } };
 * const input: CheckInput = { output: "hi", testCase };
 * assertEquals(await echoes.check(input), true);
 * ```
 */
export interface CheckInput<V extends object = JsonObject> {
  /** What the target answered. */
  output: string;
  /** The case that was asked. */
  testCase: Case<V>;
  /** Aborted when the run stops; a check that calls out (a judge) hands it on. */
  signal?: AbortSignal;
  /** Receives each model call a check makes (a judge), so the run can total what it cost. */
  meter?: ModelMeter;
}

/**
 * A check's result as a custom assertion may return it: a Score, or a boolean for pass/fail.
 *
 * @example
 * ```ts
 * import type { CheckResult } from "../../../mod.ts";
 * const results: CheckResult[] = [true, { status: "fail", reason: "too long" }];
 * ```
 */
export type CheckResult = Score | boolean;

/**
 * An assertion ready to run: its identity, its canonical definition and its check. The
 * constructors (equals, custom, ...) make one.
 *
 * @example
 * ```ts
 * import { deepStrictEqual as assertEquals, match } from "node:assert/strict";
 * import { type Assertion, equals } from "../../../mod.ts";
 * const exact: Assertion = equals({ name: "exact" });
 * assertEquals([exact.name, exact.kind], ["exact", "equals"]);
 * match(exact.id, /^[0-9a-f]{16}$/);
 * ```
 */
export interface Assertion {
  /** 16 hex of sha256 over the canonical definition; verdicts are matched by it. */
  readonly id: string;
  /** Unique in the suite. */
  readonly name: string;
  /** A built-in kind (equals, judge, ...) or custom. */
  readonly kind: string;
  /** The canonical definition the id is the digest of. */
  readonly definition: JsonValue;
  /** Judges one output. */
  check(input: CheckInput): CheckResult | CheckResult[] | Promise<CheckResult | CheckResult[]>;
}
