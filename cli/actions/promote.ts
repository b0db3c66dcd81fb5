import { promoteDocument } from "../../host/work/documents.ts";
import { UsageError } from "../../host/process/refusals.ts";
import type { PromoteInput } from "../commands/promote.ts";
import type { PromoteDocument } from "../../core/documents/mod.ts";
import type { Io } from "../io.ts";
import { progressLine } from "../progress.ts";
import { defaultSelectionRuns } from "../../host/work/promote_run.ts";
import { openStore, printJson, wholeNumberOption } from "./_shared.ts";
import { digline } from "../../core/printed_command.ts";

/** What `digline promote` does; its declaration is cli/commands/promote.ts. */
export async function execute(
  { values, positionals }: PromoteInput,
  io: Io,
): Promise<number> {
  const because = values.because?.trim() ?? "";
  if (because === "") {
    throw new UsageError(
      'promote: --because TEXT is required: say why this run is the reference, e.g. --because "v1.4 reviewed by Ana"',
    );
  }
  const repeats = values.repeats === undefined
    ? undefined
    : wholeNumberOption(values.repeats, { command: "promote", name: "repeats", min: 1, max: 100 });
  const selectionRuns = values["selection-runs"] === undefined
    ? undefined
    : wholeNumberOption(values["selection-runs"], {
      command: "promote",
      name: "selection-runs",
      min: 0,
      max: 100,
    });
  if (selectionRuns !== undefined && values["check-determinism"]) {
    throw new UsageError(
      "promote: --selection-runs is for a baseline of several runs; --check-determinism is for one",
    );
  }
  const sample = values.sample === undefined
    ? 10
    : wholeNumberOption(values.sample, { command: "promote", name: "sample", min: 1, max: 1000 });
  if (values["check-determinism"] && (positionals.length > 1 || (repeats ?? 1) > 1)) {
    throw new UsageError(
      "promote: --check-determinism is for a baseline of one run; several runs measure the noise themselves",
    );
  }
  if (values.sample !== undefined && !values["check-determinism"]) {
    throw new UsageError("promote: --sample N goes with --check-determinism");
  }
  const progress = progressLine(io, { label: "repeating" });
  const baseline = await promoteDocument(positionals[0], {
    with: positionals.slice(1),
    repeats,
    selectionRuns,
    onProgress: values.json ? undefined : (p) => progress.update(p.done, p.total, p.errored),
    store: openStore(values),
    suite: values.suite,
    because,
    by: values.by,
    ...(values["check-determinism"] ? { checkDeterminism: { sample } } : {}),
  }).finally(() => progress.finish());
  if (values.json) return printJson(io, baseline);
  const measured = baseline.runs === undefined
    ? ""
    : `, measured over ${baseline.runs.length} runs (${baseline.runs.join(", ")})`;
  io.out(
    `promoted run ${baseline.run_id} as the baseline of suite ${baseline.suite}${measured}` +
      ` (by ${baseline.promoted_by}${baseline.because ? `, because: ${baseline.because}` : ""})\n`,
  );
  const confirmRuns = baseline.confirm_runs;
  // A short baseline that records none has nothing to say here: --confirm refuses it or draws
  // no noisy case, as before.
  if (confirmRuns !== undefined && (confirmRuns.recorded || confirmRuns.choosing > 0)) {
    const defaulted = selectionRuns === undefined && defaultSelectionRuns(repeats) !== undefined;
    io.out(`${confirmRunsLine(confirmRuns, { defaulted, repeats })}\n`);
  }
  if (baseline.determinism_sample !== undefined) {
    io.out(
      `determinism checked: ${baseline.determinism_sample.length} cases drawn again answered ` +
        "as in the run\n",
    );
  } else if (baseline.noise_measured === false) {
    io.out(
      "noise not measured: a baseline of one run can not tell a flaky check from a broken one, " +
        "so every check that flips later is a regression. For a system that does not answer the " +
        `same way every time, measure it: ${
          digline(`promote ${baseline.run_id} --repeats 10 --because "..."`, {
            tenant: values.tenant,
            store: values.store,
          })
        } (or check it is deterministic: --check-determinism)\n`,
    );
  }
  return 0;
}

/** How `compare --confirm` will use the runs: how many its figure test counts, how many choose. */
function confirmRunsLine(
  runs: NonNullable<PromoteDocument["confirm_runs"]>,
  options: { defaulted: boolean; repeats: number | undefined },
): string {
  const test = `${runs.test} run${runs.test === 1 ? "" : "s"}`;
  if (runs.choosing === 0) {
    return `no run chooses noisy cases for compare --confirm to draw again (--selection-runs 0): ` +
      `it confirms failed checks only, and every test counts all ${test}`;
  }
  const choosing = runs.choosing === 1
    ? "the last run chooses"
    : `the last ${runs.choosing} runs choose`;
  return `for compare --confirm: ${choosing} the noisy cases it draws again, and its figure ` +
    `test on those draws counts the other ${test}; every other test counts all ` +
    `${runs.test + runs.choosing}` +
    (options.defaulted
      ? ` (by default from --repeats ${options.repeats}; --selection-runs S sets another number, 0 none)`
      : runs.recorded
      ? ""
      : " (by default; --selection-runs S sets runs apart to choose)");
}
