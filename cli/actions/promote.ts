import { promoteDocument } from "../../host/commands/documents.ts";
import { UsageError } from "../../host/refusals.ts";
import type { PromoteInput } from "../commands/promote.ts";
import type { Io } from "../io.ts";
import { progressLine } from "../progress.ts";
import { openStore, printJson } from "./_shared.ts";

/** What `digline promote` does; its declaration is cli/commands/promote.ts. */
export async function execute(
  { values, positionals }: PromoteInput,
  io: Io,
): Promise<number> {
  const repeats = values.repeats === undefined ? undefined : Number(values.repeats);
  if (repeats !== undefined && !(Number.isInteger(repeats) && repeats >= 1 && repeats <= 100)) {
    throw new UsageError(
      `promote: --repeats takes a whole number from 1 to 100, not "${values.repeats}"`,
    );
  }
  const progress = progressLine(io, { label: "repeating" });
  const baseline = await promoteDocument(positionals[0], {
    with: positionals.slice(1),
    repeats,
    onProgress: values.json ? undefined : (p) => progress.update(p.done, p.total, p.errored),
    store: openStore(values),
    suite: values.suite,
    because: values.because,
    by: values.by,
  }).finally(() => progress.finish());
  if (values.json) return printJson(io, baseline);
  const measured = baseline.runs === undefined
    ? ""
    : `, measured over ${baseline.runs.length} runs (${baseline.runs.join(", ")})`;
  io.out(
    `promoted run ${baseline.run_id} as the baseline of suite ${baseline.suite}${measured}` +
      ` (by ${baseline.promoted_by}${baseline.because ? `, because: ${baseline.because}` : ""})\n`,
  );
  return 0;
}
