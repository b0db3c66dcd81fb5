import { OUTPUT_VERSION } from "../../core/output_documents.ts";
import { diffOutputs } from "../../core/output_diff.ts";
import type { Command } from "../command.ts";
import { COMMON_HELP, openStore, parseCommandArgs } from "../options.ts";

/** `digline diff A B`: what changed in the outputs between two runs. */
export const diffCommand: Command = {
  name: "diff",
  summary: "what changed in the outputs between two runs",
  help: [
    "usage: digline diff A B [options]",
    "",
    "Shows every case whose output differs between runs A and B (ids, unique prefixes or",
    "`latest`), the old output after - and the new after +. Exits 0 on a report.",
    "",
    "options:",
    "  --limit N       show at most N changed cases (default 50; 0 for all)",
    ...COMMON_HELP,
  ].join("\n"),
  async execute(args, io) {
    const { values, positionals } = parseCommandArgs(args, {
      command: "diff",
      options: { limit: { type: "string", default: "50" } },
      positionals: { min: 2, max: 2 },
    });
    const store = openStore(values);
    const a = await store.resolveRun(positionals[0]);
    const b = await store.resolveRun(positionals[1]);
    const diff = diffOutputs(a, b);
    if (values.json) {
      io.out(
        JSON.stringify({ output_version: OUTPUT_VERSION, kind: "diff", ...diff }, null, 2) + "\n",
      );
      return 0;
    }
    const limit = Number(values.limit) || Infinity;
    const lines = [
      `diff ${diff.a} → ${diff.b}: ${diff.changed.length} outputs changed, ${diff.unchanged.length} unchanged` +
      (diff.only_in_a.length + diff.only_in_b.length > 0
        ? `, ${diff.only_in_a.length} cases only in ${diff.a}, ${diff.only_in_b.length} only in ${diff.b}`
        : ""),
    ];
    for (const change of diff.changed.slice(0, limit)) {
      lines.push(``, `${change.case_id}`);
      lines.push(...prefixed("- ", change.before), ...prefixed("+ ", change.after));
    }
    if (diff.changed.length > limit) {
      lines.push("", `... and ${diff.changed.length - limit} more (--limit 0 shows all)`);
    }
    io.out(lines.join("\n") + "\n");
    return 0;
  },
};

function prefixed(prefix: string, text: string | null): string[] {
  return text === null ? [`${prefix}(no output)`] : text.split("\n").map((l) => prefix + l);
}
