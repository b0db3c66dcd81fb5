import { type Case, CaseSchema } from "../../core/suite/case.ts";
import { type DescribedIssue, describeIssues } from "./describe_issue.ts";
import { parseDocumentBy } from "../../core/documents/read_document.ts";
import { CASE } from "./case_kind.ts";

const CASE_KEYS = Object.keys(CaseSchema.shape);

/**
 * One case read by CaseSchema, or its problems in a suite author's words (with the key that was
 * probably meant, unless `suggestKeys` is false): for the lines and rows of a cases file the
 * generated validator (plainCase) does not take, the only path of a JSONL, CSV or TSV file that
 * loads zod.
 */
export function readCase(
  value: unknown,
  options: { suggestKeys?: boolean } = {},
): { testCase: Case } | { problems: DescribedIssue[] } {
  const parsed = parseDocumentBy(CASE, { schema: CaseSchema, value });
  if (parsed.success) return { testCase: parsed.data };
  const knownKeys = options.suggestKeys === false ? undefined : () => CASE_KEYS;
  return { problems: describeIssues(parsed.error.issues, { knownKeys }) };
}
