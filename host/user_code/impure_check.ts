import { RefusalError } from "../../core/errors.ts";

/**
 * A check declared pure answered one input two ways: its re-checks of the baseline would be no
 * truer than a coin, so the run is refused before anything is written (ADR 0085).
 */
export class ImpureCheckError extends RefusalError {
  readonly check: string;
  readonly caseId: string;
  constructor(options: { check: string; caseId: string; first: string; second: string }) {
    super(
      `check "${options.check}" is declared pure but answered case ${options.caseId} ` +
        `differently when asked twice (${options.first}, then ${options.second}); a pure check ` +
        "depends on nothing but its input: make it so, or remove pure: true",
    );
    this.check = options.check;
    this.caseId = options.caseId;
  }
}

/** How many inputs of each pure check are asked twice. */
export const DETERMINISM_SAMPLE = 2;
