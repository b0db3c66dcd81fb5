import { verifyPayload } from "../../host/commands/verify_payload.ts";
import type { Command } from "../command.ts";
import { COMMON_HELP, openStore, parseCommandArgs, printJson } from "../options.ts";

/** `digline verify FILE`: does a saved compare payload still hold against the store? */
export const verifyCommand: Command = {
  name: "verify",
  summary: "re-derive a saved compare --json payload from the store (exit 0 holds, 1 not)",
  help: [
    "usage: digline verify FILE [options]",
    "",
    "Re-derives a payload saved from `digline compare --json` (or explain --json) from the runs",
    "and approvals in the store, and compares it field by field, only the fields the file has:",
    "a payload saved by an older digline keeps holding; one that was edited, or whose runs",
    "changed, does not. Exits 0 when every field holds, 1 naming the fields that do not, and",
    "64 when a run the payload names is not in the store.",
    "",
    "options:",
    ...COMMON_HELP,
  ].join("\n"),
  async execute(args, io) {
    const { values, positionals } = parseCommandArgs(args, {
      command: "verify",
      options: {},
      positionals: { min: 1, max: 1 },
    });
    const document = await verifyPayload(positionals[0], { store: openStore(values) });
    if (values.json) {
      printJson(io, document);
    } else if (document.holds) {
      io.out(`${document.file} holds: all ${document.fields.length} fields match the store\n`);
    } else {
      io.out(
        `${document.file} does not hold: ${
          document.fields.filter((f) => f.status !== "holds").map((f) =>
            `${f.field} ${
              f.status === "unknown"
                ? "is not a field this digline knows"
                : "differs from what the store says"
            }`
          ).join("; ")
        }\n`,
      );
    }
    return document.holds ? 0 : 1;
  },
};
