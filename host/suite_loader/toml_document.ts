import { parse, TomlError } from "smol-toml";
import type { z } from "zod";
import { SuiteLoadError, suiteLoadErrorFromIssues } from "../refusals.ts";
import { type DescribedIssue, describeIssues, type KnownKeys } from "./describe_issue.ts";
import { tomlKeyLabel } from "./key_label.ts";
import { issueAt, type Locate } from "./locate.ts";
import { TOO_DEEP_MESSAGE, tooDeepPath } from "../../core/nesting.ts";
import { createTomlLocator } from "./toml_locator.ts";

/**
 * Parses a TOML file and validates it with a schema, refusing every problem at the line and
 * column of the key it is about (or of the table where a missing key belongs); the refusal
 * states the topmost and carries them all. Suites and operator.toml are read the same way.
 */
export function parseTomlDocument<S extends z.ZodType>(
  text: string,
  options: {
    file: string;
    schema: S;
    knownKeys?: (raw: unknown) => KnownKeys;
    explain?: (issue: DescribedIssue) => DescribedIssue;
  },
): { data: z.infer<S>; locate: Locate } {
  const { file } = options;
  let raw: unknown;
  try {
    raw = parse(text);
  } catch (error) {
    if (!(error instanceof TomlError)) throw error;
    // smol-toml's message repeats the text around the error below its first line.
    const message = error.message.split("\n")[0].replace(/^Invalid TOML document: /, "");
    throw new SuiteLoadError(`not valid TOML: ${message}`, {
      file,
      line: error.line,
      column: error.column,
      cause: error,
    });
  }
  const locator = createTomlLocator(text);
  const locate: Locate = (keyPath) => {
    const { line, column } = locator(keyPath);
    return { file, line, column, key: tomlKeyLabel(keyPath) };
  };
  const deep = tooDeepPath(raw);
  if (deep !== undefined) {
    throw suiteLoadErrorFromIssues([issueAt(locate, { path: deep, message: TOO_DEEP_MESSAGE })]);
  }
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
  return { data: parsed.data, locate };
}
