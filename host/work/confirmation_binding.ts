import { canonicalJson, sha256Hex } from "../../core/digest.ts";
import type { ConfirmationDocument } from "../../core/compare/confirmation_document.ts";
import type { RunDocument } from "../../core/run/run_document.ts";

/** The digests a confirmation is bound to: the candidate's and each baseline run's, in order. */
export function confirmationBinding(
  candidate: RunDocument,
  baselineRuns: readonly RunDocument[],
): NonNullable<ConfirmationDocument["bound_to"]> {
  return {
    candidate: sha256Hex(canonicalJson(candidate)),
    baselines: baselineRuns.map((run) => sha256Hex(canonicalJson(run))),
  };
}

/**
 * Whether a stored confirmation was drawn for exactly these documents. One that names no
 * digests, or others, is not compare's draw for them: it counts for nothing (ADR 0085).
 */
export function isBoundTo(
  confirmation: ConfirmationDocument,
  binding: NonNullable<ConfirmationDocument["bound_to"]>,
): boolean {
  const bound = confirmation.bound_to;
  return bound !== undefined && bound.candidate === binding.candidate &&
    bound.baselines.join(" ") === binding.baselines.join(" ");
}
