import type { Assertion } from "./assertions/assertion.ts";
import type { Case } from "./case.ts";

/**
 * What a case is asked: the one place that decides it. A suspended case is asked nothing, a
 * calibration case its one named check, every other case (canary included) every assertion.
 */
export function checksAskedOf(testCase: Case, assertions: readonly Assertion[]): Assertion[] {
  switch (testCase.kind) {
    case "suspended":
      return [];
    case "calibration":
      return assertions.filter((a) => a.name === testCase.check);
    case "canary":
    case "normal":
      return [...assertions];
  }
}
