import type { DescribedIssue } from "./describe_issue.ts";
import type { Locate } from "./locate.ts";
import { SUITE_KEYS, suiteKnownKeys, type TomlSuite, TomlSuiteSchema } from "./suite_schema.ts";
import { validateTomlDocument } from "./toml_document.ts";

/**
 * Reads a TOML suite with its schema, refusing every problem where it was written: the path
 * of a suite its generated validator refuses, and the only one that loads zod.
 */
export function readTomlSuiteBySchema(raw: unknown, locate: Locate): TomlSuite {
  return validateTomlDocument(raw, locate, {
    schema: TomlSuiteSchema,
    knownKeys: suiteKnownKeys,
    explain: explainMisplacedKey,
  });
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
