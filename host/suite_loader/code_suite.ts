import { dirname } from "node:path";
import { pathToFileURL } from "node:url";
import type { Assertion } from "../../core/suite/assertions/assertion.ts";
import { AssertionNameSchema, BUILTIN_KINDS } from "../../core/suite/assertions/definition.ts";
import {
  type DefinedSuite,
  isDefinedSuite,
  SUITE_DEFINITION,
} from "../../core/suite/define_suite.ts";
import { AssertionShapeError } from "../../core/errors.ts";
import type { Suite } from "../../core/suite/suite.ts";
import { SuiteLoadError, suiteLoadErrorFromIssues } from "../process/refusals.ts";
import { loadTimeoutMs } from "../user_code/load_deadline.ts";
import { type DescribedSuite, describeSuiteModule } from "../user_code/describe_suite.ts";
import { withModuleGraphs } from "../user_code/check_graph.ts";
import { withBuiltinChecks } from "../user_code/revive_builtins.ts";
import { TOO_DEEP_MESSAGE, tooDeepPath } from "../../core/nesting.ts";
import { assembleSuite } from "./assemble.ts";
import { describeIssues } from "./describe_issue.ts";
import { refuseImportFailure } from "./import_failure.ts";
import { codeKeyLabel } from "./key_label.ts";
import { issueAt, type Locate } from "./locate.ts";
import { checkReadableFile } from "../files/read_named_file.ts";
import { CodeSuiteSchema, suiteKnownKeys } from "./suite_schema.ts";

/** Where a suite module is and how the user named it. */
export interface CodeSuiteOptions {
  /** The module as the user named it. */
  source: string;
  /** The folder paths in messages are shown relative to. */
  cwd: string;
  /** Whether a reproduce command must `cd` to `cwd` first. */
  needsCd?: boolean;
  /** Hold only these cases (a shard's); see LoadSuiteOptions. */
  keepCase?: (caseId: string) => boolean;
}

/**
 * Loads a suite written as a module: imports it, takes its `suite` export (made by
 * defineSuite) and validates it as strictly as a TOML suite. An exception raised while the
 * module is imported is refused or passed on by who raised it (see refuseImportFailure).
 */
export async function loadCodeSuite(path: string, options: CodeSuiteOptions): Promise<Suite> {
  const { source } = options;
  await checkReadableFile(path, { display: source, what: "suite" });
  let described: DescribedSuite;
  try {
    described = await describeSuiteModule(pathToFileURL(path).href, {
      source,
      loadTimeoutMs: loadTimeoutMs(),
    });
  } catch (error) {
    throw refuseImportFailure(error, { file: path, ...options });
  }
  const locate: Locate = (keyPath) => ({ file: source, key: codeKeyLabel(keyPath) });
  if (described.kind === "too-deep") {
    throw suiteLoadErrorFromIssues([
      issueAt(locate, { path: described.path, message: TOO_DEEP_MESSAGE }),
    ]);
  }
  const definition = suiteExport(described, source);
  const { [SUITE_DEFINITION]: _marker, ...plain } = definition;
  if (Array.isArray(plain.assertions)) checkAssertions(plain.assertions, source);
  // A cycle comes out of the Worker whole, and is too deep here.
  const deep = tooDeepPath(plain);
  if (deep !== undefined) {
    throw suiteLoadErrorFromIssues([issueAt(locate, { path: deep, message: TOO_DEEP_MESSAGE })]);
  }
  const parsed = CodeSuiteSchema.safeParse(plain);
  if (!parsed.success) {
    const described = describeIssues(parsed.error.issues, { knownKeys: suiteKnownKeys(plain) });
    throw suiteLoadErrorFromIssues(described.map((issue) => issueAt(locate, issue)));
  }
  return await assembleSuite(
    {
      ...parsed.data,
      assertions: await withModuleGraphs(
        await withBuiltinChecks(parsed.data.assertions as Assertion[]),
        {
          suitePath: path,
        },
      ),
    },
    { dir: dirname(path), source, locate, keepCase: options.keepCase },
  );
}

export { DEFAULT_LOAD_TIMEOUT_MS, loadTimeoutMs } from "../user_code/load_deadline.ts";

function suiteExport(described: DescribedSuite, source: string): DefinedSuite {
  if (described.kind === "suite" && isDefinedSuite(described.definition)) {
    return described.definition;
  }
  const names = described.kind === "missing" ? described.exports : [];
  const has = names.length === 0
    ? "it exports nothing"
    : `its exports are ${names.map((n) => `"${n}"`).join(", ")}`;
  const problem = described.kind === "missing" && !described.present
    ? "the module has no export named suite"
    : "its export suite was not made by defineSuite";
  throw new SuiteLoadError(
    `${problem} (${has}); export one with \`export const suite = defineSuite({ ... })\``,
    { file: source },
  );
}

/** Each assertion must be a runnable assertion; a malformed one is refused before any run. */
function checkAssertions(list: readonly unknown[], source: string): void {
  list.forEach((value, index) => {
    const problem = assertionProblem(value);
    if (problem !== undefined) {
      throw new AssertionShapeError(`${source}: assertions[${index}] ${problem}`);
    }
  });
}

const CONSTRUCTORS: Record<string, string> = { "not-includes": "notIncludes" };
const BUILD_HINT = "build it with customAssertion({ name, check }) or a built-in such as equals()";

function assertionProblem(value: unknown): string | undefined {
  if (typeof value !== "object" || value === null) {
    return `is ${value === null ? "null" : typeof value}, not an assertion; ${BUILD_HINT}`;
  }
  const a = value as Record<string, unknown>;
  if (typeof a.id !== "string" || typeof a.name !== "string" || typeof a.kind !== "string") {
    if (typeof a.kind === "string" && (BUILTIN_KINDS as readonly string[]).includes(a.kind)) {
      const maker = CONSTRUCTORS[a.kind] ?? a.kind;
      return `is a plain definition (kind "${a.kind}"), not an assertion; build it with ${maker}({ ... })`;
    }
    return `is not an assertion (it needs a string id, name and kind); ${BUILD_HINT}`;
  }
  if (typeof a.check !== "function") {
    return `("${a.name}") has no check function; ${BUILD_HINT}`;
  }
  if (!AssertionNameSchema.safeParse(a.name).success) {
    return `has the name ${JSON.stringify(a.name)}; a name uses letters, digits and _ . : - only`;
  }
  return undefined;
}
