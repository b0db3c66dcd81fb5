import { RefusalError } from "../errors.ts";

/** One problem a schema found: where in the document, and what. */
export interface DocumentIssue {
  readonly path: readonly PropertyKey[];
  readonly message: string;
}

/** The first issue as one clause: `cases.3.verdicts: expected array`. */
export function issueDetail(issues: readonly DocumentIssue[]): string {
  const issue = issues[0];
  if (issue === undefined) return "the document is not what its schema reads";
  const where = issue.path.length > 0 ? issue.path.map(String).join(".") : "the document";
  return `${where}: ${issue.message}`;
}

/**
 * A document that can not be read as its kind: the file it came from and its first problem, in
 * one line that says what to do. Kept apart from the reader so a refusal's class loads no
 * validator.
 */
export class DocumentRefusedError extends RefusalError {
  /** The file (or `ref:path`) the document came from. */
  readonly file: string;
  /** The first problem: `cases.3.verdicts: expected array`. */
  readonly detail: string;
  constructor(
    file: string,
    options: { detail: string; noun?: string; remedy?: string; cause?: unknown },
  ) {
    const { detail, noun = "Document", remedy = "correct it, or restore it from a copy" } = options;
    super(`${noun} "${file}" is not valid: ${detail}; ${remedy}`, { cause: options.cause });
    this.file = file;
    this.detail = detail;
  }
}
