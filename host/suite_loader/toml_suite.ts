import { dirname } from "node:path";
import { builtinAssertion } from "../../core/suite/assertions/builtin.ts";
import type { BuiltinAssertion } from "../../core/suite/assertions/definition.ts";
import { compileOrExplain, type SchemaValidator } from "../../core/suite/assertions/json_schema.ts";
import type { Suite } from "../../core/suite/suite.ts";
import { assembleSuite } from "./assemble.ts";
import { readNamedFile } from "../files/read_named_file.ts";
import { documentKind, plainDocument } from "../../core/documents/read_document.ts";
import { jsonCopy } from "./json_copy.ts";
import type { TomlSuite } from "./suite_schema.ts";
import { readTomlDocument } from "./toml_read.ts";
import { schemaCompilerFor } from "../checks/json_schema_compiler.ts";
import { issueAt, type Locate } from "./locate.ts";
import { suiteLoadErrorFromIssues } from "../process/refusals.ts";

/**
 * Loads a suite written in TOML. Every problem is refused at the line and column of the key it
 * is about (or of the table where a missing key belongs); the refusal states the first and
 * carries them all.
 */
export async function loadTomlSuite(
  path: string,
  options: { source: string; keepCase?: (caseId: string) => boolean },
): Promise<Suite> {
  const { source, keepCase } = options;
  const text = await readNamedFile(path, { display: source, what: "suite" });
  const { raw, locate } = readTomlDocument(text, { file: source });
  // The validator generated from the suite's schema reads it; zod and the schema are loaded only
  // for a suite it refuses, to refuse it in the schema's words, or to read what only the schema
  // can (an http or provider target, a judge: refinements JSON Schema does not state).
  const data = generatedRead(raw) ??
    (await import("./toml_suite_schema.ts")).readTomlSuiteBySchema(raw, locate);
  const validators = await compileSchemas(data.assertions, locate);
  const assertions = data.assertions.map((definition, index) => {
    const validator = validators[index];
    return builtinAssertion(definition, validator && { compileSchema: () => validator });
  });
  return await assembleSuite(
    { ...data, target: { form: "table", table: data.target }, assertions },
    {
      dir: dirname(path),
      source,
      locate,
      keepCase,
    },
  );
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

/** The suite as its generated validator reads it (defaults filled in, on a copy), or undefined. */
function generatedRead(raw: unknown): TomlSuite | undefined {
  const copy = jsonCopy(raw);
  return copy === undefined ? undefined : plainDocument(TOML_SUITE, copy);
}

/** A TOML suite; one its validator refuses is read by readTomlSuiteBySchema, at its lines. */
export const TOML_SUITE = documentKind<TomlSuite>("TomlSuite", {
  schema: async () => (await import("./suite_schema.ts")).TomlSuiteSchema,
});
