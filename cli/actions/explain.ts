import type { ExplainInput } from "../commands/explain.ts";
import type { Io } from "../io.ts";
import { gateComparison } from "./_gate.ts";
import { redactOption } from "./_redact.ts";
import { printJson } from "./_shared.ts";
import { erroredCauseLines } from "../../core/run/errored_causes.ts";

/** What `digline explain` does; its declaration is cli/commands/explain.ts. */
export async function execute(
  input: ExplainInput,
  io: Io,
): Promise<number> {
  const { result, document } = await gateComparison(input, {
    command: "explain",
    redact: redactOption(input.values.redact, "explain"),
  });
  if (input.values.json) printJson(io, document);
  else {
    // The causes follow the verdict they explain; `lines` stays one line per fact.
    const causes = erroredCauseLines(document.errored_causes ?? []).map((line) => `  ${line}`);
    io.out([...(document.lines ?? []), ...causes].join("\n") + "\n");
  }
  return result.comparison.verdict;
}
