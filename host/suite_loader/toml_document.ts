import type { z } from "zod";
import { suiteLoadErrorFromIssues } from "../process/refusals.ts";
import { type DescribedIssue, describeIssues, type KnownKeys } from "./describe_issue.ts";
import { issueAt, type Locate } from "./locate.ts";
import { readTomlDocument } from "./toml_read.ts";

/** How a TOML document's schema problems are told. */
export interface TomlSchemaOptions<S extends z.ZodType> {
  schema: S;
  knownKeys?: (raw: unknown) => KnownKeys;
  explain?: (issue: DescribedIssue) => DescribedIssue;
}

/**
 * Parses a TOML file and validates it with a schema, refusing every problem at the line and
 * column of the key it is about (or of the table where a missing key belongs); the refusal
 * states the topmost and carries them all. Suites and operator.toml are read the same way.
 */
export function parseTomlDocument<S extends z.ZodType>(
  text: string,
  options: TomlSchemaOptions<S> & { file: string },
): { data: z.infer<S>; locate: Locate } {
  const { raw, locate } = readTomlDocument(text, { file: options.file });
  return { data: validateTomlDocument(raw, locate, options), locate };
}

/** Validates a parsed TOML document with a schema, refusing as parseTomlDocument does. */
export function validateTomlDocument<S extends z.ZodType>(
  raw: unknown,
  locate: Locate,
  options: TomlSchemaOptions<S>,
): z.infer<S> {
  const parsed = options.schema.safeParse(raw);
  if (!parsed.success) {
    const described = describeIssues(parsed.error.issues, {
      knownKeys: options.knownKeys?.(raw),
    });
    const explain = options.explain ?? ((issue: DescribedIssue) => issue);
    const issues = described.map((issue) => issueAt(locate, explain(issue)));
    // Stated in the order they are written, so the refusal names the topmost problem.
    issues.sort((a, b) => (a.line ?? 0) - (b.line ?? 0) || (a.column ?? 0) - (b.column ?? 0));
    throw suiteLoadErrorFromIssues(issues);
  }
  return parsed.data;
}
