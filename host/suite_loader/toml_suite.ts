import { dirname } from "node:path";
import { builtinAssertion } from "../../core/suite/assertions/builtin.ts";
import type { BuiltinAssertion } from "../../core/suite/assertions/definition.ts";
import { compileOrExplain, type SchemaValidator } from "../../core/suite/assertions/json_schema.ts";
import type { Suite } from "../../core/suite/suite.ts";
import { assembleSuite } from "./assemble.ts";
import type { DescribedIssue } from "./describe_issue.ts";
import { readNamedFile } from "../read_named_file.ts";
import { SUITE_KEYS, suiteKnownKeys, TomlSuiteSchema } from "./suite_schema.ts";
import { parseTomlDocument } from "./toml_document.ts";
import { schemaCompilerFor } from "../json_schema_compiler.ts";
import { issueAt, type Locate } from "./locate.ts";
import { suiteLoadErrorFromIssues } from "../refusals.ts";

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
  const validators = await compileSchemas(data.assertions, locate);
  const assertions = data.assertions.map((definition, index) => {
    const validator = validators[index];
    return builtinAssertion(definition, validator && { compileSchema: () => validator });
  });
  return await assembleSuite({ ...data, assertions }, { dir: dirname(path), source, locate });
}

/**
 * Compiles each `json` check's schema (loading the compiler only if there is one), so a schema
 * that can not compile is refused at its key instead of failing every case at run time.
 */
async function compileSchemas(
  definitions: readonly BuiltinAssertion[],
  locate: Locate,
): Promise<(SchemaValidator | undefined)[]> {
  const compile = await schemaCompilerFor(definitions);
  if (compile === undefined) return [];
  const problems: { path: (string | number)[]; message: string }[] = [];
  const validators = definitions.map((definition, index) => {
    if (definition.kind !== "json" || definition.schema === undefined) return undefined;
    const compiled = compileOrExplain(definition.schema, compile);
    if ("validator" in compiled) return compiled.validator;
    problems.push({ path: ["assertions", index, "schema"], message: compiled.problem });
    return undefined;
  });
  if (problems.length > 0) {
    throw suiteLoadErrorFromIssues(problems.map((problem) => issueAt(locate, problem)));
  }
  return validators;
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
