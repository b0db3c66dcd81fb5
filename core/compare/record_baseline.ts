import type { BaselineRecord } from "../run/baseline_record.ts";
import type { RunDocument } from "../run/run_document.ts";

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
