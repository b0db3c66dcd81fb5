import { logDocument } from "../../host/work/store_documents.ts";
import type { LogInput } from "../commands/log.ts";
import type { Io } from "../io.ts";
import {
  count,
  leftOutLines,
  openStore,
  printJson,
  rowLimit,
  UNLISTED_MARK,
  unlistedLines,
} from "./_shared.ts";

/** What `digline log` does; its declaration is cli/commands/log.ts. */
export async function execute(
  { values }: LogInput,
  io: Io,
): Promise<number> {
  const document = await logDocument(openStore(values), {
    suite: values.suite,
    limit: rowLimit(values, "log"),
  });
  if (values.json) return printJson(io, document);
  if (document.events.length === 0) {
    io.out("no history yet: digline run SUITE stores a run\n");
    return 0;
  }
  const width = Math.max(0, ...document.events.map((e) => e.suite?.length ?? 0));
  io.out(
    [
      ...leftOutLines(document.events.length, { total: document.total, noun: "earlier event" }),
      ...document.events.map((e) => {
        const suite = e.suite === undefined ? "" : `${e.suite.padEnd(width)}  `;
        return e.event === "run"
          ? `${e.at}  ${suite}run      ${e.run_id}  ${count(e.cases, "case")}  commit ${
            e.git_commit ?? "-"
          }${e.label === undefined ? "" : `  ${JSON.stringify(e.label)}`}${
            e.unlisted ? `  (${UNLISTED_MARK})` : ""
          }`
          : `${e.at}  ${suite}promote  ${e.run_id}  by ${e.promoted_by}${
            e.because ? `: ${e.because}` : ""
          }`;
      }),
      ...unlistedLines(document.events.filter((e) => e.event === "run" && e.unlisted).length),
    ].join("\n") + "\n",
  );
  return 0;
}
