import type { Case } from "../case.ts";
import type { JsonValue } from "../../json.ts";
import type { ModelMeter } from "../../model/usage.ts";
import type { Score } from "../../run/verdict.ts";

/** What a check is handed: the target's output and the case that produced it. */
export interface CheckInput {
  output: string;
  testCase: Case;
  /** Aborted when the run stops; a check that calls out (a judge) hands it on. */
  signal?: AbortSignal;
  /** Receives each model call a check makes (a judge), so the run can total what it cost. */
  meter?: ModelMeter;
}

/** A check's result as a custom assertion may return it: a Score, or a boolean for pass/fail. */
export type CheckResult = Score | boolean;

/** An assertion ready to run: its identity, its canonical definition and its check. */
export interface Assertion {
  /** 16 hex of sha256 over the canonical definition; verdicts are matched by it. */
  readonly id: string;
  readonly name: string;
  readonly kind: string;
  /** The canonical definition the id is the digest of. */
  readonly definition: JsonValue;
  check(input: CheckInput): CheckResult | CheckResult[] | Promise<CheckResult | CheckResult[]>;
}
