import type { Case } from "../case.ts";
import type { JsonValue } from "../json.ts";
import type { Score } from "../verdict.ts";

/** What a check is handed: the target's output and the case that produced it. */
export interface CheckInput {
  output: string;
  testCase: Case;
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
