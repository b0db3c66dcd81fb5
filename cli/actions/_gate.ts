import type { CompareDocument } from "../../core/documents/compare_document.ts";
import type { CompareResult } from "../../host/work/compare_run.ts";
import { compareDocument } from "../../host/work/compare_document.ts";
import type { CommandInput } from "../define_command.ts";
import type { GATE_OPTIONS } from "../gate_options.ts";
import type { Io } from "../io.ts";
import { openStore } from "./_shared.ts";
import type { Redactable } from "../../core/suite/redaction.ts";

/**
 * Compares as a gating command's parsed arguments ask: compare, explain and report differ only
 * in how they print the same comparison.
 */
export async function gateComparison(
  input: CommandInput<typeof GATE_OPTIONS>,
  options: {
    command: "compare" | "explain";
    confirm?: boolean;
    /** `--confirm`'s budget of extra calls, in place of the suite's. */
    maxExtraCalls?: number;
    io?: Io;
    redact?: readonly Redactable[];
  },
): Promise<{ result: CompareResult; document: CompareDocument }> {
  const { values, positionals } = input;
  const io = options.io;
  const compared = await compareDocument(positionals[0], {
    store: openStore(values),
    suite: values.suite,
    baseline: values.baseline,
    baselineRef: values["baseline-ref"],
    acceptRulesChange: values["accept-rules-change"],
    kind: options.command,
    confirm: options.confirm ?? false,
    ...(options.maxExtraCalls === undefined ? {} : { confirmMaxExtraCalls: options.maxExtraCalls }),
    redact: options.redact,
    // Said on stderr, so --json stays one document: these are paid calls, and they take time.
    onRound: io === undefined || values.json
      ? undefined
      : ({ index, cases }) =>
        io.err(`confirm: round ${index} drew ${cases} case${cases === 1 ? "" : "s"} again\n`),
    onResume: io === undefined ? undefined : ({ draws, dropped }) =>
      io.err(
        `confirm: resuming an interrupted --confirm with its plan and ${draws} journaled draw${
          draws === 1 ? "" : "s"
        }${
          dropped > 0 ? ` (${dropped} unreadable line${dropped === 1 ? "" : "s"} dropped)` : ""
        }\n`,
      ),
  });
  const change = compared.result.approvalChange;
  // On stderr, so --json stays one document; a CI log shows it either way.
  if (change !== undefined && io !== undefined) io.err(approvalChangeLine(change) + "\n");
  return compared;
}

/** The sentence for a change under test that approves a reference of its own. */
export function approvalChangeLine(change: NonNullable<CompareResult["approvalChange"]>): string {
  const a = change.onDisk;
  return `note: this tree approves run ${a.run_id} of suite ${a.suite} (by ${a.promoted_by} on ${a.promoted_at}${
    a.because === null ? "" : `, because: ${a.because}`
  }); it is not the approval at ${change.ref}, which is the one compared with. A person reviewing the change decides whether to accept it.`;
}
