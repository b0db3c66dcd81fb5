import type { CaseResult, Figure } from "../run/run_document.ts";
import type { Verdict } from "../verdict.ts";

/** Figures a paired test can judge case by case: their cases are fixed by the suite. */
const PAIRED_KINDS: ReadonlySet<Figure["kind"]> = new Set(["accuracy", "recall", "mean"]);

/**
 * Whether a figure can be paired case by case. Accuracy and recall count a fixed set of cases
 * (recall: the positive-labelled ones) and mean scores them; precision counts the cases that
 * passed, a set that moves with the very thing measured, so it is reported, never tested.
 */
export function isPairable(figure: Pick<Figure, "kind">): boolean {
  return PAIRED_KINDS.has(figure.kind);
}

/**
 * A case's draws for one check: 1 for a pass and 0 for a fail (or the score, for a mean), one per
 * sample when the case was asked several times. Errored draws are no draws.
 */
export function caseDraws(
  result: CaseResult,
  options: { assertionId: string; score: boolean },
): readonly number[] {
  if (result.samples !== undefined && result.samples.length > 0) {
    return result.samples.flatMap((s) => drawValue(s.verdicts, options));
  }
  return drawValue(result.verdicts, options);
}

function drawValue(
  verdicts: readonly Verdict[],
  options: { assertionId: string; score: boolean },
): readonly number[] {
  let v: Verdict | undefined;
  for (const x of verdicts) {
    if (x.assertion_id === options.assertionId) {
      v = x;
      break;
    }
  }
  if (v === undefined || v.status === "error") return NO_DRAW;
  if (options.score) return v.score === undefined ? NO_DRAW : [v.score];
  return v.status === "pass" ? PASS_DRAW : FAIL_DRAW;
}

// Shared, since a case's pass or fail is one of two lists: at 100,000 cases a list each was
// garbage to collect. Frozen, so no caller can add to them.
const NO_DRAW: readonly number[] = Object.freeze([]);
const PASS_DRAW: readonly number[] = Object.freeze([1]);
const FAIL_DRAW: readonly number[] = Object.freeze([0]);
