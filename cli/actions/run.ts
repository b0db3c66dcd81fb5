import { runSuiteDocument } from "../../host/commands/run_suite_document.ts";
import { parseShardSpec } from "../../core/run/shard_spec.ts";
import type { RunInput } from "../commands/run.ts";
import type { Io } from "../io.ts";
import { count, openStore } from "./_shared.ts";
import { progressLine } from "../progress.ts";
import { printStoredRun } from "./_run_summary.ts";

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
    ...(values["baseline-ref"] === undefined ? {} : { baselineRef: values["baseline-ref"] }),
    ...(values.label === undefined ? {} : { label: values.label }),
    onProgress: values.json ? undefined : (p) => progress.update(p.done, p.total, p.errored),
    onNote: (note) => io.err(`digline: note: ${note}\n`),
  }).finally(() => progress.finish());
  return printStoredRun(io, summary, {
    json: values.json,
    made: (summary.label === undefined ? "" : ` (${summary.label})`) +
      (summary.shard === undefined ? "" : ` (shard ${summary.shard}, a partial run)`),
    notes: summary.resumed === undefined || summary.resumed.length === 0 ? [] : [
      `resumed: ${count(summary.resumed.length, "case")} reused from the interrupted run, ${
        summary.cases.length - summary.resumed.length
      } run now`,
    ],
  });
}
