import { runListDocument } from "../../host/work/store_documents.ts";
import type { ListInput } from "../commands/list.ts";
import type { Io } from "../io.ts";
import {
  leftOutLines,
  openStore,
  printJson,
  rowLimit,
  UNLISTED_MARK,
  unlistedLines,
} from "./_shared.ts";
import { table } from "../render_figures.ts";

/** What `digline list` does; its declaration is cli/commands/list.ts. */
export async function execute(
  { values }: ListInput,
  io: Io,
): Promise<number> {
  const document = await runListDocument(openStore(values), {
    suite: values.suite,
    kind: "list",
    limit: rowLimit(values, "list"),
  });
  if (values.json) return printJson(io, document);
  if (document.runs.length === 0) {
    io.out("no runs in the store yet: digline run SUITE stores one\n");
    return 0;
  }
  const labelled = document.runs.some((r) => r.label !== undefined);
  io.out(
    [
      ...table([
        [
          "",
          "run",
          "suite",
          "started",
          "commit",
          "cases",
          "errored",
          "",
          ...labelled ? ["label"] : [],
        ],
        ...document.runs.map((r) => [
          r.is_baseline ? "*" : "",
          r.run_id,
          r.suite,
          r.started_at.replace("T", " ").slice(0, 19),
          shortCommit(r.git_commit),
          String(r.cases),
          String(r.errored_checks.length),
          r.unlisted ? UNLISTED_MARK : "",
          // Last, so a long label pushes no column out of line.
          ...(labelled ? [r.label ?? ""] : []),
        ]),
      ]),
      ...leftOutLines(document.runs.length, { total: document.total, noun: "older run" }),
      ...unlistedLines(document.runs.filter((r) => r.unlisted).length),
    ].join("\n") + "\n",
  );
  return 0;
}

function shortCommit(commit: string | null): string {
  if (commit === null) return "-";
  return commit.slice(0, 8) + (commit.endsWith("-dirty") ? "-dirty" : "");
}
