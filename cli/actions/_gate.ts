import type { CompareDocument } from "../../core/documents/mod.ts";
import type { CompareResult } from "../../host/commands/compare_run.ts";
import { compareDocument } from "../../host/commands/documents.ts";
import type { CommandInput } from "../command.ts";
import type { GATE_OPTIONS } from "../gate_options.ts";
import type { Io } from "../io.ts";
import { openStore } from "./_shared.ts";

/**
 * Compares as a gating command's parsed arguments ask: compare, explain and report differ only
 * in how they print the same comparison.
 */
export async function gateComparison(
  input: CommandInput<typeof GATE_OPTIONS>,
  options: { command: "compare" | "explain"; confirm?: boolean; io?: Io },
): Promise<{ result: CompareResult; document: CompareDocument }> {
  const { values, positionals } = input;
  const io = options.io;
  return await compareDocument(positionals[0], {
    store: openStore(values),
    suite: values.suite,
    baseline: values.baseline,
    kind: options.command,
    confirm: options.confirm ?? false,
    // Said on stderr, so --json stays one document: these are paid calls, and they take time.
    onRound: io === undefined || values.json
      ? undefined
      : ({ index, cases }) =>
        io.err(`confirm: round ${index} drew ${cases} case${cases === 1 ? "" : "s"} again\n`),
  });
}
