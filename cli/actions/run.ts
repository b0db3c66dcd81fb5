import { retryErrorsDocument, runSuiteDocument } from "../../host/work/run_suite_document.ts";
import { UsageError } from "../../host/process/refusals.ts";
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
  if (values["retry-errors"]) return await retryErrors({ values, positionals }, io);
  if (positionals.length === 0) {
    throw new UsageError("run: expected 1 argument, got 0 (see digline run --help)");
  }
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
    where: store.where,
    made: (summary.label === undefined ? "" : ` (${summary.label})`) +
      (summary.shard === undefined ? "" : ` (shard ${summary.shard}, a partial run)`),
    notes: summary.resumed === undefined || summary.resumed.length === 0 ? [] : [
      `resumed: ${count(summary.resumed.length, "case")} reused from the interrupted run, ${
        summary.cases.length - summary.resumed.length
      } run now`,
    ],
  });
}

/** `run --retry-errors [RUN | SUITE]`: the errored cases of a stored run called again. */
async function retryErrors({ values, positionals }: RunInput, io: Io): Promise<number> {
  if (values.shard !== undefined) {
    throw new UsageError("run: --retry-errors completes a stored run; it takes no --shard");
  }
  const store = openStore(values);
  const progress = progressLine(io, { label: "retrying" });
  const summary = await retryErrorsDocument(positionals[0], {
    store,
    resume: values.resume,
    restart: values.restart,
    ...(values["baseline-ref"] === undefined ? {} : { baselineRef: values["baseline-ref"] }),
    onProgress: values.json ? undefined : (p) => progress.update(p.done, p.total, p.errored),
    onNote: (note) => io.err(`digline: note: ${note}\n`),
  }).finally(() => progress.finish());
  const from = summary.retried_from;
  return printStoredRun(io, summary, {
    json: values.json,
    where: store.where,
    notes: from === undefined ? [] : [
      `retried: ${count(from.cases.length, "errored case")} of run ${from.run_id} called again, ${
        summary.cases.length - from.cases.length
      } reused from it (its digest ${from.run_digest.slice(0, 12)}…, kept as it was)`,
    ],
  });
}
