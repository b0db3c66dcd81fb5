import { dirname } from "node:path";
import { builtinAssertion } from "../../core/suite/assertions/builtin.ts";
import type { Suite } from "../../core/suite/suite.ts";
import { assembleSuite } from "./assemble.ts";
import type { DescribedIssue } from "./describe_issue.ts";
import { readNamedFile } from "../read_named_file.ts";
import { SUITE_KEYS, suiteKnownKeys, TomlSuiteSchema } from "./suite_schema.ts";
import { parseTomlDocument } from "./toml_document.ts";

/**
 * Loads a suite written in TOML. Every problem is refused at the line and column of the key it
 * is about (or of the table where a missing key belongs); the refusal states the first and
 * carries them all.
 */
export async function loadTomlSuite(path: string, options: { source: string }): Promise<Suite> {
  const { source } = options;
  const text = await readNamedFile(path, { display: source, what: "suite" });
  const { data, locate } = parseTomlDocument(text, {
    file: source,
    schema: TomlSuiteSchema,
    knownKeys: suiteKnownKeys,
    explain: explainMisplacedKey,
  });
  return await assembleSuite(
    { ...data, assertions: data.assertions.map(builtinAssertion) },
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
