import type { CompareOutput } from "../core/documents/mod.ts";
import type { CompareResult } from "../host/commands/compare_run.ts";
import { compareDocument } from "../host/commands/documents.ts";
import type { Io } from "./io.ts";
import { COMMON_HELP, openStore, parseCommandArgs } from "./options.ts";

/** The options every gating command takes beyond the common ones. */
export const GATE_OPTIONS = {
  suite: { type: "string" },
  baseline: { type: "string" },
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
    kind: command,
    confirm,
    // Said on stderr, so --json stays one document: these are paid calls, and they take time.
    onRound: io === undefined || values.json
      ? undefined
      : ({ index, cases }) =>
        io.err(`confirm: round ${index} drew ${cases} case${cases === 1 ? "" : "s"} again\n`),
  });
  return { json: values.json, result, document };
}
