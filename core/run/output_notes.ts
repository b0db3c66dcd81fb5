import type { CaseResult } from "./run_document.ts";

/**
 * Every note on a run's outputs, one line each as "CASE: NOTE": what digline changed in an
 * output as it read it, so a reader knows the output stored is not byte for byte the system's.
 */
export function outputNoteLines(cases: readonly CaseResult[]): string[] {
  return cases.flatMap((c) => (c.output_notes ?? []).map((note) => `${c.case_id}: ${note}`));
}
