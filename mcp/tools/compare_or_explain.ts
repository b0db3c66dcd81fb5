import { z } from "zod";
import { RedactListSchema } from "../../core/suite/report_settings.ts";
import { compareDocument } from "../../host/work/compare_document.ts";
import type { Envelope } from "../envelope.ts";
import type { ToolContext } from "../tool.ts";
import { openStore, RUN_REF, SUITE_NAME } from "./_shared.ts";

/** The arguments of compare and explain, as the CLI's `[RUN] --suite --baseline`. */
export const GATE_INPUT = z.strictObject({
  run: RUN_REF.optional().describe(
    'the run to judge: an id, a unique prefix, or "latest" (the default: the suite\'s latest)',
  ),
  suite: SUITE_NAME.optional(),
  baseline: RUN_REF.optional().describe(
    "compare against this run instead of the approved baseline (leave it out to gate)",
  ),
  redact: RedactListSchema.optional().describe(
    'as the CLI\'s --redact: "outputs", "vars" or both are shown as sha256 digests, for a ' +
      "result that is shared; it adds to the suite's [report] redact and can not lift it",
  ),
});

/** What the gate's exit_code means, in every gating tool's description. */
export const GATE_EXIT_CODES =
  "exit_code is the verdict: 0 not worse; 1 worse (a check went pass → fail, or a figure " +
  "dropped: a regression a person should look at; a figure that rose never excuses it); " +
  "2 could not be judged (an errored or unreconciled verdict, a lost calibration, a figure " +
  "that could not be computed).";

/** Compares as `digline compare` or `digline explain` does; the exit code is the verdict. */
export async function compareOrExplain(
  args: z.output<typeof GATE_INPUT>,
  options: { context: ToolContext; kind: "compare" | "explain" },
): Promise<Envelope> {
  const { document, result } = await compareDocument(args.run, {
    store: openStore(options.context.store),
    suite: args.suite,
    baseline: args.baseline,
    kind: options.kind,
    redact: args.redact,
  });
  return { exit_code: result.comparison.verdict, document };
}
