import type { ExplainInput } from "../commands/explain.ts";
import type { Io } from "../io.ts";
import { gateComparison } from "./_gate.ts";
import { printJson } from "./_shared.ts";

/** What `digline explain` does; its declaration is cli/commands/explain.ts. */
export async function execute(
  input: ExplainInput,
  io: Io,
): Promise<number> {
  const { result, document } = await gateComparison(input, { command: "explain" });
  if (input.values.json) printJson(io, document);
  else io.out((document.lines ?? []).join("\n") + "\n");
  return result.comparison.verdict;
}
