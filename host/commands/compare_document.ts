import { type CompareDocument, compareDocumentOf } from "../../core/documents/compare.ts";
import { type CompareOptions, type CompareResult, compareRun } from "./compare_run.ts";

/** A comparison and its document, for compare and explain. */
export async function compareDocument(
  ref: string | undefined,
  options: CompareOptions & { kind: "compare" | "explain" },
): Promise<{ document: CompareDocument; result: CompareResult }> {
  const result = await compareRun(ref, options);
  return {
    document: compareDocumentOf(result.comparison, {
      approval: result.approval,
      kind: options.kind,
    }),
    result,
  };
}
