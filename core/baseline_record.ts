import { z } from "zod";
import type { RunDocument } from "./run_document.ts";

/**
 * What an approval of several runs measured, written into the baseline for the record: per case
 * and check, how many of the runs passed it, and per figure its value in each run and its
 * spread. Comparisons derive the same from the runs themselves; this is what a reader of the
 * baseline sees without opening them.
 */
export const BaselineRecordSchema = z.strictObject({
  /** How many runs the baseline is made of. */
  of: z.number().int().positive(),
  /** case id → assertion id → passes out of `of`. */
  passes: z.record(z.string(), z.record(z.string(), z.number().int().nonnegative())),
  /** Checks that did not give the same verdict in every run, as `case · check`. */
  noisy: z.array(z.string()),
  /** figure name → its value in each run (approved run first) and max − min. */
  figures: z.record(
    z.string(),
    z.strictObject({ values: z.array(z.number().nullable()), spread: z.number().nullable() }),
  ),
});
/** A baseline record. */
export type BaselineRecord = z.infer<typeof BaselineRecordSchema>;

/** Measures the runs of a baseline for its record. */
export function recordBaseline(runs: readonly RunDocument[]): BaselineRecord {
  const passes: BaselineRecord["passes"] = {};
  const seen = new Map<string, Set<string>>();
  for (const run of runs) {
    for (const c of run.cases) {
      for (const v of c.verdicts) {
        const byCheck = passes[c.case_id] ??= {};
        byCheck[v.assertion_id] = (byCheck[v.assertion_id] ?? 0) + (v.status === "pass" ? 1 : 0);
        const key = `${c.case_id}\u0000${v.assertion_id}`;
        const statuses = seen.get(key) ?? new Set<string>();
        statuses.add(v.status);
        seen.set(key, statuses);
      }
    }
  }
  const names = new Map(runs[0].assertions.map((a) => [a.id, a.name]));
  const noisy = [...seen.entries()].filter(([, statuses]) => statuses.size > 1).map(([key]) => {
    const [caseId, assertionId] = key.split("\u0000");
    return `${caseId} · ${names.get(assertionId) ?? assertionId}`;
  });
  const figures: BaselineRecord["figures"] = {};
  for (const figure of runs[0].figures) {
    const values = runs.map((r) => r.figures.find((f) => f.name === figure.name)?.value ?? null);
    const known = values.filter((v): v is number => v !== null);
    figures[figure.name] = {
      values,
      spread: known.length === values.length ? Math.max(...known) - Math.min(...known) : null,
    };
  }
  return { of: runs.length, passes, noisy, figures };
}
