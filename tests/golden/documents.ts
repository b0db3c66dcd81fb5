import { compareRuns } from "../../core/compare/compare_runs.ts";
import { runSynopsis } from "../../core/run/run_synopsis.ts";
import { diffOutputs } from "../../core/run/output_diff.ts";
import {
  compareDocumentOf,
  diffDocumentOf,
  logDocumentOf,
  OUTPUT_VERSION,
  promoteDocumentOf,
  runRow,
  runSummary,
} from "../../core/documents/mod.ts";
import type { BaselineDocument } from "../../core/run/run_document.ts";
import { SCENARIOS } from "../core/_scenarios.ts";

const approval: BaselineDocument = {
  schema_version: 1,
  suite: "s",
  tenant: "default",
  run_id: SCENARIOS[0].baseline[0].run_id,
  promoted_by: "ana",
  promoted_at: "2026-11-30T00:00:00.500Z",
  because: "reviewed",
};

function slug(name: string): string {
  return name.toLowerCase().replace(/[^a-z0-9]+/g, "-").replace(/^-|-$/g, "");
}

/**
 * Every `--json` document kind, built by the same pure functions the host calls, from the
 * fixture scenarios: file name → exact text. The golden files are these, byte for byte.
 */
export function goldenDocuments(): Map<string, string> {
  const files = new Map<string, string>();
  const put = (name: string, document: unknown) =>
    files.set(`${name}.json`, JSON.stringify(document, null, 2) + "\n");
  for (const scenario of SCENARIOS) {
    const comparison = compareRuns(scenario.baseline, scenario.candidate, scenario);
    put(`compare.${slug(scenario.name)}`, compareDocumentOf(comparison, { approval }));
    put(
      `explain.${slug(scenario.name)}`,
      compareDocumentOf(comparison, { approval, kind: "explain" }),
    );
  }
  const first = SCENARIOS[0];
  put("run", runSummary(first.candidate, { kind: "run", path: ".digline/default/runs/s/x.json" }));
  put("view.run", runSummary(first.candidate, { kind: "view" }));
  for (const kind of ["list", "view"] as const) {
    put(kind, {
      output_version: OUTPUT_VERSION,
      kind,
      total: 2,
      runs: [first.candidate, first.baseline[0]].map((run) =>
        runRow(runSynopsis(run), { isBaseline: run.run_id === approval.run_id })
      ),
    });
  }
  put(
    "log",
    logDocumentOf("s", {
      runs: [first.baseline[0], first.candidate].map(runSynopsis),
      baselines: [approval],
    }),
  );
  put("diff", diffDocumentOf(diffOutputs(first.baseline[0], first.candidate)));
  put("promote", promoteDocumentOf(approval, { path: ".digline/default/baselines/s/x.json" }));
  return files;
}
