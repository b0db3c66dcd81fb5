import type { SuiteIssue } from "../process/refusals.ts";
import type { DescribedIssue } from "./describe_issue.ts";
import type { KeyPath } from "./toml_locator.ts";

/** Where a key of a suite is, as a refusal names it. */
export interface Location {
  file: string;
  line?: number;
  column?: number;
  /** The key as a reader finds it: `[[cases]] #3 key "id"`. */
  key?: string;
}

/** Finds where a key path of a suite was written (the suite file or a cases file). */
export type Locate = (path: KeyPath) => Location;

/** Places a described schema issue where it was written. */
export function issueAt(locate: Locate, issue: DescribedIssue): SuiteIssue {
  return { ...locate(issue.path), path: issue.path, message: issue.message };
}
