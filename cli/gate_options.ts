import type { CompareOutput } from "../core/documents/mod.ts";
import type { CompareResult } from "../host/commands/compare_run.ts";
import { compareDocument } from "../host/commands/documents.ts";
import type { Io } from "./io.ts";
import { COMMON_HELP, openStore, parseCommandArgs } from "./options.ts";

/** The options every gating command takes beyond the common ones. */
export const GATE_OPTIONS = {
  suite: { type: "string" },
  baseline: { type: "string" },
  "baseline-ref": { type: "string" },
} as const;

/** `compare --confirm`: draw again what is ambiguous before deciding. */
export const CONFIRM_OPTION = { confirm: { type: "boolean", default: false } } as const;

/** The help text of a command that gates: its usage and description, then the shared parts. */
export function gateHelp(
  name: string,
  description: string[],
  options: { optionLines?: string[] } = {},
): string {
  return [
    `usage: digline ${name} [RUN] [options]`,
    "",
    ...description,
    "",
    "options:",
    ...(options.optionLines ?? []),
    "  --suite NAME      the suite, when the store holds several",
    "  --baseline RUN    compare against this run instead of the approved baseline",
    "  --baseline-ref REF",
    "                    read the approval and its runs from git at REF (e.g. origin/main),",
    "                    not from the store on disk; an approval the tree adds is reported",
    ...COMMON_HELP,
    "",
    "exit codes: 0 not worse · 1 worse than the baseline · 2 could not be judged ·",
    "            64 refused (bad request, no baseline) · 70 an unanticipated failure",
  ].join("\n");
}

/**
 * Parses a gating command's arguments and compares: compare, explain and report differ only in
 * how they print the same comparison.
 */
export async function gateComparison(
  args: string[],
  command: "compare" | "explain",
  options: { io?: Io } = {},
): Promise<{ json: boolean; result: CompareResult; document: CompareOutput }> {
  const { values, positionals } = parseCommandArgs(args, {
    command,
    options: command === "compare" ? { ...GATE_OPTIONS, ...CONFIRM_OPTION } : GATE_OPTIONS,
    positionals: { min: 0, max: 1 },
  });
  const confirm = "confirm" in values && values.confirm === true;
  const io = options.io;
  const { result, document } = await compareDocument(positionals[0], {
    store: openStore(values),
    suite: values.suite,
    baseline: values.baseline,
    baselineRef: values["baseline-ref"],
    kind: command,
    confirm,
    // Said on stderr, so --json stays one document: these are paid calls, and they take time.
    onRound: io === undefined || values.json
      ? undefined
      : ({ index, cases }) =>
        io.err(`confirm: round ${index} drew ${cases} case${cases === 1 ? "" : "s"} again\n`),
  });
  if (result.approvalChange !== undefined && io !== undefined) {
    // On stderr, so --json stays one document; a CI log shows it either way.
    io.err(approvalChangeLine(result.approvalChange) + "\n");
  }
  return { json: values.json, result, document };
}

/** The sentence for a change under test that approves a reference of its own. */
export function approvalChangeLine(change: NonNullable<CompareResult["approvalChange"]>): string {
  const a = change.onDisk;
  return `note: this tree approves run ${a.run_id} of suite ${a.suite} (by ${a.promoted_by} on ${a.promoted_at}${
    a.because === null ? "" : `, because: ${a.because}`
  }); it is not the approval at ${change.ref}, which is the one compared with. A person reviewing the change decides whether to accept it.`;
}
