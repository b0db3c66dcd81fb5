import { dirname, isAbsolute, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import type { AggregateSpec } from "../../core/suite/aggregate_spec.ts";
import type { Assertion } from "../../core/suite/assertions/assertion.ts";
import type { Case } from "../../core/suite/case.ts";
import { SuiteShapeError } from "../../core/errors.ts";
import type { GateSettings } from "../../core/suite/gate_settings.ts";
import type { ReportSettings } from "../../core/suite/report_settings.ts";
import { promptGaps, promptsNameVars } from "../../core/suite/prompt_gaps.ts";
import { buildSuite, casesDigestFrom, type Suite } from "../../core/suite/suite.ts";
import { type SuiteIssue, SuiteLoadError, suiteLoadErrorFromIssues } from "../process/refusals.ts";
import { type CaseFilter, caseFilter } from "./case_filter.ts";
import { CASES_FILE_EXTENSIONS, loadCasesFile, type LoadedCases } from "./cases_file.ts";
import type { Locate } from "./locate.ts";
import { refuseUngrantedKeyHosts } from "./key_destinations.ts";
import { resolveTarget } from "./resolve_target.ts";
import { refuseUngrantedUserEnv } from "./user_env_grant.ts";
import type { ParsedTarget } from "./target_schema.ts";
import type { KeyPath } from "./toml_locator.ts";

/** A suite's validated parts, whichever form they were written in. */
export interface SuiteDraft {
  name: string;
  description?: string;
  target: ParsedTarget;
  assertions: readonly Assertion[];
  aggregates: readonly AggregateSpec[];
  cases: readonly Case[];
  /** One path or several, as written. */
  cases_file?: string | readonly string[];
  gate?: GateSettings;
  report?: ReportSettings;
}

/** The cases one file added, from index `start` of the suite's cases. */
interface CasesFileSpan {
  start: number;
  loaded: LoadedCases;
}

/** Where the suite was written, so that its cases files and its problems can be found. */
export interface AssembleOptions {
  /** The absolute folder of the suite file. */
  dir: string;
  /** The suite file as the user named it. */
  source: string;
  /** Where a key path of the suite file itself was written. */
  locate: Locate;
  /**
   * The cases the suite is loaded with (a shard's): the others are read and refused as ever, and
   * count in the suite's digests, but the suite holds only these. Every case when absent.
   */
  keepCase?: (caseId: string) => boolean;
}

/**
 * Reads the cases files, resolves the target and builds the suite. A problem found by
 * `buildSuite` is refused where it was written: in the suite file, or in the cases file that
 * held the case.
 */
export async function assembleSuite(draft: SuiteDraft, options: AssembleOptions): Promise<Suite> {
  const files: CasesFileSpan[] = [];
  const cases = [...draft.cases];
  const { target, settings } = resolveTarget(draft.target, { dir: options.dir });
  const filter = options.keepCase === undefined ? undefined : caseFilter(options.keepCase, {
    varsChecked: promptsNameVars({ target, assertions: draft.assertions }),
  });
  const paths = typeof draft.cases_file === "string" ? [draft.cases_file] : draft.cases_file ?? [];
  for (const [index, path] of paths.entries()) {
    if (isAbsolute(path) || path.split(/[\\/]/).includes("..")) {
      throw new SuiteLoadError(
        `cases file "${path}" is not beside the suite: a cases file is named relative to the ` +
          "suite's folder, without .. or an absolute path; move it there",
        options.locate(["cases_file", index]),
      );
    }
    const display = isAbsolute(path) ? path : join(dirname(options.source), path);
    const loaded = await loadCasesFile(resolve(options.dir, path), { display, filter });
    if (loaded === undefined) {
      throw new SuiteLoadError(
        `cases file "${path}" is not one of ${CASES_FILE_EXTENSIONS.join(", ")}; ` +
          "write the cases as JSON lines, CSV or TSV",
        options.locate(["cases_file", index]),
      );
    }
    files.push({ start: cases.length, loaded });
    for (const c of loaded.cases) cases.push(c);
  }
  if (target.kind === "module") await refuseMissingModule(target.module, options);
  let suite: Suite;
  try {
    suite = buildSuite(
      {
        name: draft.name,
        ...(draft.description === undefined ? {} : { description: draft.description }),
        target,
        settings,
        assertions: draft.assertions,
        aggregates: draft.aggregates,
        ...(draft.gate === undefined ? {} : { gate: draft.gate }),
        ...(draft.report === undefined ? {} : { report: draft.report }),
        cases,
      },
      filter === undefined ? {} : { casesDigest: () => wholeCasesDigest(cases, { files, filter }) },
    );
  } catch (error) {
    if (!(error instanceof SuiteShapeError)) throw error;
    const issue = placeIssue(error.path, error.message, { files, locate: options.locate });
    throw new SuiteLoadError(error.message, { ...issue, issues: [issue], cause: error });
  }
  refusePromptGaps(suite, { files, locate: options.locate });
  refuseUngrantedKeyHosts(suite, options.locate);
  refuseUngrantedUserEnv(suite, options.locate);
  if (filter === undefined) return suite;
  for (const file of files) file.loaded.release?.();
  return { ...suite, cases: suite.cases.filter((c) => filter.keep(c.id)) };
}

/**
 * The digest of every case of the suite, when the files hold stand-ins for the cases the filter
 * drops: each of those is read again from its line, one at a time, as the digest asks for it.
 */
function wholeCasesDigest(
  cases: readonly Case[],
  where: { files: readonly CasesFileSpan[]; filter: CaseFilter },
): string {
  const inline = where.files[0]?.start ?? cases.length;
  return casesDigestFrom(cases.map((c) => c.id), (index) => {
    if (index < inline || where.filter.keep(cases[index].id)) return cases[index];
    const span = where.files.findLast((f) => f.start <= index);
    return span === undefined ? cases[index] : span.loaded.caseAt(index - span.start);
  });
}

/**
 * A module target that is not there is the suite's mistake, refused at its key before a run
 * starts, rather than the module system's error once the store has a journal.
 */
async function refuseMissingModule(module: string, options: AssembleOptions): Promise<void> {
  if (!module.startsWith("file:")) return;
  const path = fileURLToPath(module);
  let problem: string | undefined;
  try {
    const info = await Deno.stat(path);
    if (!info.isFile) problem = "is not a file";
  } catch (error) {
    if (error instanceof Deno.errors.NotFound) problem = "does not exist";
    else if (error instanceof Deno.errors.NotCapable) return;
    else problem = `can not be read (${(error as Error).message.split("\n")[0]})`;
  }
  if (problem === undefined) return;
  throw new SuiteLoadError(
    `the target module ${path} ${problem}; name the file that exports the system, ` +
      "relative to the suite's folder",
    options.locate(["target", "module"]),
  );
}

/**
 * A case without a var its prompt names would be sent with a hole in its prompt, or fail
 * only once paid calls are under way: refuse it now, at the case that lacks it.
 */
function refusePromptGaps(
  suite: Suite,
  where: { files: readonly CasesFileSpan[]; locate: Locate },
): void {
  const issues = promptGaps(suite).map((gap) =>
    placeIssue(
      ["cases", gap.index, "vars"],
      `case "${gap.caseId}" has no var "${gap.field}", which ${gap.who} names as {{${
        gap.who.startsWith("judge") ? "vars." : ""
      }${gap.field}}}`,
      where,
    )
  );
  if (issues.length > 0) throw suiteLoadErrorFromIssues(issues);
}

/** A case from a cases file is refused at its own line there, with the path inside that case. */
function placeIssue(
  path: KeyPath,
  message: string,
  where: { files: readonly CasesFileSpan[]; locate: Locate },
): SuiteIssue {
  const [head, index] = path;
  const span = head === "cases" && typeof index === "number"
    ? where.files.findLast((f) => f.start <= index)
    : undefined;
  if (span === undefined || typeof index !== "number") {
    return { ...where.locate(path), path: [...path], message };
  }
  const inner = path.slice(2);
  return { ...span.loaded.locate(index - span.start, inner), path: inner, message };
}
