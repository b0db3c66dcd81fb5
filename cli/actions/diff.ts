import { diffDocument } from "../../host/work/store_documents.ts";
import type { DiffInput } from "../commands/diff.ts";
import type { Io } from "../io.ts";
import { openStore, printJson, wholeNumberOption } from "./_shared.ts";

/** What `digline diff` does; its declaration is cli/commands/diff.ts. */
export async function execute(
  { values, positionals }: DiffInput,
  io: Io,
): Promise<number> {
  // Read before the store, so a bad limit is refused whatever the runs hold.
  const limit = wholeNumberOption(values.limit, {
    command: "diff",
    name: "limit",
    min: 0,
    max: Number.MAX_SAFE_INTEGER,
  }) || Infinity;
  const diff = await diffDocument(openStore(values), {
    a: positionals[0],
    b: positionals[1],
    suite: values.suite,
  });
  if (values.json) return printJson(io, diff);
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
}

function prefixed(prefix: string, text: string | null): string[] {
  return text === null ? [`${prefix}(no output)`] : text.split("\n").map((l) => prefix + l);
}
