import { mergeRunsDocument } from "../../host/work/documents.ts";
import type { MergeInput } from "../commands/merge.ts";
import type { Io } from "../io.ts";
import { openStore, printJson } from "./_shared.ts";
import { runSummaryText } from "./_run_summary.ts";

/** How many case ids of a missing shard the text output names before counting the rest. */
const CASES_SHOWN = 10;

/** What `digline merge` does; its declaration is cli/commands/merge.ts. */
export async function execute(
  { values, positionals }: MergeInput,
  io: Io,
): Promise<number> {
  const summary = await mergeRunsDocument({
    store: openStore(values),
    runs: positionals,
    suite: values.suite,
    latestShards: values["latest-shards"],
  });
  for (const missing of summary.missing_shards ?? []) {
    const shown = missing.cases.slice(0, CASES_SHOWN).join(", ");
    const more = missing.cases.length - CASES_SHOWN;
    io.err(
      `digline: shard ${missing.shard} is missing: its ${missing.cases.length} cases are unanswered (${shown}${
        more > 0 ? ` and ${more} more` : ""
      }); compare exits 2 until it is merged\n`,
    );
  }
  if (values.json) return printJson(io, summary);
  io.out(runSummaryText(summary, {
    made: ` merged from ${summary.merged_from?.length ?? 0} shards,`,
  }));
  return 0;
}
