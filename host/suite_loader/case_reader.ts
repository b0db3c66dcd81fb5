import { type Case, CaseSchema } from "../../core/suite/case.ts";
import { type DescribedIssue, describeIssues } from "./describe_issue.ts";

const CASE_KEYS = Object.keys(CaseSchema.shape);

/**
 * One case read by CaseSchema, or its problems in a suite author's words: for the lines of a
 * cases file the hand check (plainCase) does not take, the only path of a JSONL suite that loads
 * zod.
 */
export function readCase(value: unknown): { testCase: Case } | { problems: DescribedIssue[] } {
  const parsed = CaseSchema.safeParse(value);
  if (parsed.success) return { testCase: parsed.data };
  return { problems: describeIssues(parsed.error.issues, { knownKeys: () => CASE_KEYS }) };
}
