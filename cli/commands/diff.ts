import { diffDocument } from "../../host/commands/documents.ts";
import type { Command } from "../command.ts";
import { COMMON_HELP, openStore, parseCommandArgs, printJson } from "../options.ts";

/** `digline diff A B`: what changed in the outputs between two runs. */
export const diffCommand: Command = {
  name: "diff",
  summary: "what changed in the outputs between two runs",
  help: [
    "usage: digline diff A B [options]",
    "",
    "Shows every case whose output differs between runs A and B (ids, unique prefixes or",
    "`latest`), the old output after - and the new after +. Exits 0 on a report. A and B must be",
    "runs of one suite: two suites are refused (64).",
    "",
    "options:",
    "  --limit N       show at most N changed cases (default 50; 0 for all)",
    "  --suite NAME    find A and B (and `latest`) among this suite's runs",
    ...COMMON_HELP,
  ].join("\n"),
  async execute(args, io) {
    const { values, positionals } = parseCommandArgs(args, {
      command: "diff",
      options: { limit: { type: "string", default: "50" }, suite: { type: "string" } },
      positionals: { min: 2, max: 2 },
    });
    const diff = await diffDocument(openStore(values), {
      a: positionals[0],
      b: positionals[1],
      suite: values.suite,
    });
    if (values.json) return printJson(io, diff);
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
