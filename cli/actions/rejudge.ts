import { rejudgeDocument } from "../../host/work/documents.ts";
import { UsageError } from "../../host/process/refusals.ts";
import type { RejudgeInput } from "../commands/rejudge.ts";
import type { Io } from "../io.ts";
import { openStore } from "./_shared.ts";
import { progressLine } from "../progress.ts";
import { printStoredRun } from "./_run_summary.ts";

/** What `digline rejudge` does; its declaration is cli/commands/rejudge.ts. */
export async function execute(
  { values, positionals }: RejudgeInput,
  io: Io,
): Promise<number> {
  if (values.resume && values.restart) {
    throw new UsageError("rejudge: --resume and --restart contradict each other; give one");
  }
  const store = openStore(values);
  const progress = progressLine(io, { label: "rejudging" });
  const summary = await rejudgeDocument(positionals[0], {
    store,
    suite: values.suite,
    suiteFile: values["suite-file"],
    resume: values.resume,
    restart: values.restart,
    onProgress: values.json ? undefined : (p) => progress.update(p.done, p.total, p.errored),
    onNote: (note) => io.err(`digline: note: ${note}\n`),
  }).finally(() => progress.finish());
  return printStoredRun(io, summary, {
    json: values.json,
    where: store.where,
    notes: [
      `re-graded run ${summary.rejudged_from} under cases ${summary.cases_digest}, config ${summary.config_hash}; the target was not called`,
    ],
  });
}
