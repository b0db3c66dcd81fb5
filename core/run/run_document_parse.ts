import {
  type CaseResult,
  CaseResultSchema,
  type RunDocument,
  RunDocumentSchema,
} from "./run_document.ts";
import { isPlainCaseResult, isPlainRunDocument, isRecord } from "./run_document_check.ts";

export { isPlainCaseResult };

/** A run document read back: the run, or the schema's first complaint about it. */
export type RunDocumentParse =
  | { success: true; data: RunDocument }
  | { success: false; error: { issues: { path: PropertyKey[]; message: string }[] } };

/**
 * RunDocumentSchema.safeParse, with the cases checked by hand first. A run of 10,000 cases × 5
 * checks is 60,000 objects, and the schema's parse of them was most of what `compare` cost.
 * A case the hand check does not vouch for is parsed by the schema; anything the schema
 * refuses sends the whole document back to it, so what is refused, and the sentence that says
 * why, are the schema's alone.
 */
export function parseRunDocument(json: unknown): RunDocumentParse {
  if (isPlainRunDocument(json)) return { success: true, data: json };
  if (!isRecord(json) || !Array.isArray(json.cases)) return RunDocumentSchema.safeParse(json);
  const head = RunDocumentSchema.safeParse({ ...json, cases: [] });
  if (!head.success) return RunDocumentSchema.safeParse(json);
  const cases: CaseResult[] = [];
  for (const value of json.cases) {
    if (isPlainCaseResult(value)) {
      cases.push(value);
      continue;
    }
    const parsed = CaseResultSchema.safeParse(value);
    if (!parsed.success) return RunDocumentSchema.safeParse(json);
    cases.push(parsed.data);
  }
  return { success: true, data: { ...head.data, cases } };
}
