import { dirname } from "node:path";
import { parse, TomlError } from "smol-toml";
import { builtinAssertion } from "../../core/assertions/builtin.ts";
import type { Suite } from "../../core/suite.ts";
import { SuiteLoadError, suiteLoadErrorFromIssues } from "../refusals.ts";
import { assembleSuite } from "./assemble.ts";
import { type DescribedIssue, describeIssues } from "./describe_issue.ts";
import { tomlKeyLabel } from "./key_label.ts";
import { issueAt, type Locate } from "./locate.ts";
import { readNamedFile } from "../read_named_file.ts";
import { SUITE_KEYS, suiteKnownKeys, TomlSuiteSchema } from "./suite_schema.ts";
import { createTomlLocator } from "./toml_locator.ts";

/**
 * Loads a suite written in TOML. Every problem is refused at the line and column of the key it
 * is about (or of the table where a missing key belongs); the refusal states the first and
 * carries them all.
 */
export async function loadTomlSuite(path: string, options: { source: string }): Promise<Suite> {
  const { source } = options;
  const text = await readNamedFile(path, { display: source, what: "suite" });
  let raw: unknown;
  try {
    raw = parse(text);
  } catch (error) {
    if (!(error instanceof TomlError)) throw error;
    // smol-toml's message repeats the text around the error below its first line.
    const message = error.message.split("\n")[0].replace(/^Invalid TOML document: /, "");
    throw new SuiteLoadError(`not valid TOML: ${message}`, {
      file: source,
      line: error.line,
      column: error.column,
      cause: error,
    });
  }
  const locator = createTomlLocator(text);
  const locate: Locate = (keyPath) => {
    const { line, column } = locator(keyPath);
    return { file: source, line, column, key: tomlKeyLabel(keyPath) };
  };
  const parsed = TomlSuiteSchema.safeParse(raw);
  if (!parsed.success) {
    const described = describeIssues(parsed.error.issues, { knownKeys: suiteKnownKeys(raw) });
    const issues = described.map((issue) => issueAt(locate, explainMisplacedKey(issue)));
    // Stated in the order they are written, so the refusal names the topmost problem.
    issues.sort((a, b) => (a.line ?? 0) - (b.line ?? 0) || (a.column ?? 0) - (b.column ?? 0));
    throw suiteLoadErrorFromIssues(issues);
  }
  return await assembleSuite(
    { ...parsed.data, assertions: parsed.data.assertions.map(builtinAssertion) },
    { dir: dirname(path), source, locate },
  );
}

/**
 * A top-level key written below a table header belongs to that table in TOML, which is the
 * usual way `cases_file` ends up inside the last [[cases]]; say so instead of listing keys.
 */
function explainMisplacedKey(issue: DescribedIssue): DescribedIssue {
  const key = issue.path.at(-1);
  if (issue.path.length < 2 || typeof key !== "string" || !SUITE_KEYS.includes(key)) return issue;
  if (!issue.message.startsWith("unknown key")) return issue;
  return {
    ...issue,
    message: `"${key}" is a top-level key, but in TOML a key below a [table] header belongs to ` +
      "that table: move it above the first table",
  };
}
