import { runSuiteDocument } from "../../host/commands/run_suite_document.ts";
import { parseShardSpec } from "../../core/run/shard_spec.ts";
import type { RunInput } from "../commands/run.ts";
import type { Io } from "../io.ts";
import { count, openStore, printJson } from "./_shared.ts";
import { progressLine } from "../progress.ts";
import { runSummaryText } from "./_run_summary.ts";

/** What `digline run` does; its declaration is cli/commands/run.ts. */
export async function execute(
  { values, positionals }: RunInput,
  io: Io,
): Promise<number> {
  const shard = values.shard === undefined ? undefined : parseShardSpec(values.shard);
  const store = openStore(values);
  const progress = progressLine(io, { label: "running" });
  const summary = await runSuiteDocument(positionals[0], {
    store,
    resume: values.resume,
    restart: values.restart,
    shard,
    onProgress: values.json ? undefined : (p) => progress.update(p.done, p.total, p.errored),
    onNote: (note) => io.err(`digline: note: ${note}\n`),
  }).finally(() => progress.finish());
  if (values.json) return printJson(io, summary);
  io.out(runSummaryText(summary, {
    made: summary.shard === undefined ? "" : ` (shard ${summary.shard}, a partial run)`,
    notes: summary.resumed === undefined || summary.resumed.length === 0 ? [] : [
      `resumed: ${count(summary.resumed.length, "case")} reused from the interrupted run, ${
        summary.cases.length - summary.resumed.length
      } run now`,
    ],
  }));
  return 0;
}
