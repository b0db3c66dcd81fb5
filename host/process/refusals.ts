/**
 * The refusals host raises: each extends RefusalError, so it carries exit 64 and a front end
 * prints its message as one line. Anything thrown that is not a RefusalError (or Deno's
 * NotCapable, translated by host/process/failure.ts) is a failure nobody anticipated, which exits 70.
 *
 * @module
 */
import { digline, type StoreWhere } from "../../core/printed_command.ts";
import { AssertionShapeError, RefusalError } from "../../core/errors.ts";
import { TargetShapeError } from "../calls/target.ts";
import { DocumentRefusedError } from "../../core/documents/document_refused.ts";

export { AssertionShapeError, RefusalError, TargetShapeError };

/**
 * A write that would pass through a symbolic link (or into a file with more than one hard link):
 * a link planted in the store could carry the write anywhere, operator.toml included.
 */
export class LinkRefusedError extends RefusalError {
  readonly file: string;
  constructor(file: string, options: { link: string; kind: "symbolic link" | "hard link" }) {
    super(
      `Refusing to write ${file}: ${options.link} is a ${options.kind}, and digline never writes through one (a link planted in the store could point anywhere); remove the link and run again`,
    );
    this.file = file;
  }
}

/** `--baseline-ref` could not be read: no git, no such commit, no approval or run at it. */
export class GitRefError extends RefusalError {}

/** A store holding a symbolic link (or being one): the operator will not run a cycle in it. */
export class StoreLinkedError extends RefusalError {
  readonly store: string;
  constructor(store: string, options: { links: readonly string[] }) {
    super(
      `Refusing to run a cycle: ${options.links[0]}${
        options.links.length > 1 ? ` (and ${options.links.length - 1} more)` : ""
      }; a link under the write root could carry the operator's writes to operator.toml, so remove it and run again`,
    );
    this.store = store;
  }
}

/** Lists past this many names end with "and N more", so a refusal stays one line. */
const LIST_LIMIT = 5;

/** The request itself was wrong: an unknown flag, a missing argument, a value out of range. */
export class UsageError extends RefusalError {}

/** One problem found in a suite, where it is, and what it is; `--json` users get all of them. */
export interface SuiteIssue {
  /** The file as the user named it (the suite, or a cases file beside it). */
  file: string;
  line?: number;
  column?: number;
  /** The key as a reader finds it: `[[cases]] #3 key "id"`, `cases[2].id`, `column "id"`. */
  key?: string;
  /** The key path inside `file` (inside the one case on `line`, for a cases file). */
  path: (string | number)[];
  message: string;
}

/** Where a suite problem is, as SuiteLoadError takes it. */
export interface SuiteLoadErrorOptions {
  file: string;
  line?: number;
  column?: number;
  key?: string;
  /** Every problem found; the message states the first. */
  issues?: readonly SuiteIssue[];
  cause?: unknown;
}

/**
 * A suite that does not load as written: a syntax error, a key the schema refuses, a case id
 * declared twice. The message is `file:line:column: key: what is wrong`.
 */
export class SuiteLoadError extends RefusalError {
  readonly file: string;
  readonly line?: number;
  readonly column?: number;
  readonly key?: string;
  /** What is wrong, without the location. */
  readonly detail: string;
  readonly issues: readonly SuiteIssue[];
  constructor(detail: string, options: SuiteLoadErrorOptions) {
    super(formatSuiteProblem(detail, options), { cause: options.cause });
    this.file = options.file;
    this.line = options.line;
    this.column = options.column;
    this.key = options.key;
    this.detail = detail;
    this.issues = options.issues ?? [
      {
        file: options.file,
        line: options.line,
        column: options.column,
        key: options.key,
        path: [],
        message: detail,
      },
    ];
  }
}

/** Builds a suite refusal from its first issue, carrying every issue. */
export function suiteLoadErrorFromIssues(issues: readonly SuiteIssue[]): SuiteLoadError {
  const [first] = issues;
  return new SuiteLoadError(first.message, { ...first, issues });
}

function formatSuiteProblem(
  detail: string,
  where: { file: string; line?: number; column?: number; key?: string },
): string {
  const position = where.line === undefined ? "" : `:${where.line}:${where.column ?? 1}`;
  const key = where.key === undefined ? "" : `${where.key}: `;
  return `${where.file}${position}: ${key}${detail}`;
}

/** What the loader learnt about an exception a suite module raised while it was imported. */
export interface SuiteRaisedErrorOptions {
  /** The exception's type, such as RangeError. */
  errorType: string;
  /** The first line of its message. */
  errorMessage: string;
  /** `file:line` of the innermost frame. */
  innermost: string;
  /** `file:line` of the suite's own frame, when that is not the innermost one. */
  suiteFrame?: string;
  /** A shell command that imports the suite alone, so the full traceback can be read. */
  reproduce: string;
  cause?: unknown;
}

/**
 * The user's suite module (or something it imports) threw while it was being imported. The
 * failure is theirs, so it is refused with its location rather than reported as digline's.
 */
export class SuiteRaisedError extends RefusalError {
  readonly file: string;
  readonly errorType: string;
  readonly errorMessage: string;
  readonly innermost: string;
  readonly suiteFrame?: string;
  readonly reproduce: string;
  constructor(file: string, options: SuiteRaisedErrorOptions) {
    const at = options.suiteFrame === undefined
      ? options.innermost
      : `${options.innermost}, from ${options.suiteFrame}`;
    super(
      `${file}: the suite raised ${options.errorType} while loading: ${options.errorMessage} ` +
        `(at ${at}); to see the full traceback run: ${options.reproduce}`,
      { cause: options.cause },
    );
    this.file = file;
    this.errorType = options.errorType;
    this.errorMessage = options.errorMessage;
    this.innermost = options.innermost;
    this.suiteFrame = options.suiteFrame;
    this.reproduce = options.reproduce;
  }
}

/** A file the user named holds bytes that are not UTF-8. */
export class NotUtf8Error extends RefusalError {
  readonly file: string;
  readonly offset: number;
  readonly line: number;
  readonly column: number;
  constructor(file: string, fault: { offset: number; byte: number; line: number; column: number }) {
    const hex = fault.byte === undefined
      ? "end of file"
      : `0x${fault.byte.toString(16).padStart(2, "0")}`;
    super(
      `${file}:${fault.line}:${fault.column}: byte ${fault.offset} (${hex}) is not UTF-8; ` +
        "save the file as UTF-8",
    );
    this.file = file;
    this.offset = fault.offset;
    this.line = fault.line;
    this.column = fault.column;
  }
}

/** A suite module called Deno.exit while it was imported, which would have ended digline. */
export class SuiteExitError extends RefusalError {
  readonly code: number;
  constructor(code: number) {
    super(
      `the suite called Deno.exit(${code}) while loading, which would end digline itself; ` +
        "a suite module only exports its suite: remove the call",
    );
    this.code = code;
  }
}

/**
 * A file the user named can not be read: not found, permission denied, a directory.
 * `what` says what the file was meant to be ("suite", "cases file"); "file" by default.
 */
export class FileAccessError extends RefusalError {
  readonly file: string;
  /** Why, in a few words: "file not found", "permission denied", "it is a directory". */
  readonly reason: string;
  constructor(file: string, options: { cause: unknown; what?: string }) {
    const reason = fileAccessReason(options.cause);
    super(`Cannot read ${options.what ?? "file"} "${file}": ${reason}`, { cause: options.cause });
    this.file = file;
    this.reason = reason;
  }
}

function fileAccessReason(cause: unknown): string {
  if (cause instanceof Deno.errors.NotFound) return "file not found";
  if (cause instanceof Deno.errors.PermissionDenied) return "permission denied";
  if (cause instanceof Deno.errors.IsADirectory) return "it is a directory";
  if (cause instanceof Deno.errors.NotADirectory) {
    return "a part of its path is a file where a folder belongs; move that file away";
  }
  const message = cause instanceof Error ? cause.message : String(cause);
  if (/EISDIR|Is a directory/.test(message)) return "it is a directory";
  return message.split("\n")[0];
}

const ACCESS_VERBS: Record<string, string> = {
  read: "read",
  write: "write to",
  net: "connect to",
  env: "read the environment variable",
  run: "run",
  import: "import from",
  sys: "read the system information",
  ffi: "load the library",
};

/**
 * Deno refused an access the permission flags did not grant (Deno.errors.NotCapable). Names
 * what was refused and the flag that grants it.
 */
export class PermissionRefusedError extends RefusalError {
  /** The path, host, variable or program that was refused. */
  readonly path: string;
  /** The kind of access: read, write, net, env, run, import, sys or ffi. */
  readonly access: string;
  /** The flag that grants it, such as `--allow-read`. */
  readonly flag: string;
  constructor(
    path: string,
    access: string,
    options: { cause?: unknown; context?: string; advice?: string } = {},
  ) {
    const flag = `--allow-${access}`;
    const verb = ACCESS_VERBS[access] ?? `use (${access})`;
    const context = options.context === undefined ? "" : ` (${options.context})`;
    // The installed command takes no deno flags, so where another way exists the caller says it.
    const advice = options.advice ?? `add ${flag}=${path} to the command`;
    super(`Permission refused: digline may not ${verb} "${path}"${context}; ${advice}`, {
      cause: options.cause,
    });
    this.path = path;
    this.access = access;
    this.flag = flag;
  }

  /**
   * Reads what Deno refused from its own message ("Requires read access to "/x", run again
   * with the --allow-read flag"); `fallback` names the path when the message does not.
   */
  static fromNotCapable(
    error: Error,
    options: { fallback?: string; context?: string } = {},
  ): PermissionRefusedError {
    // Deno colours some messages; the codes are not part of the path.
    // deno-lint-ignore no-control-regex
    const message = error.message.replace(/\x1b\[[0-9;]*m/g, "");
    const match = /Requires (\w+) access to "?([^",]+)"?/.exec(message);
    return new PermissionRefusedError(
      match?.[2] ?? options.fallback ?? "the file",
      match?.[1] ?? "read",
      { cause: error, context: options.context },
    );
  }
}

/** The environment variable a suite names in `api_key_env` is not set. */
export class MissingApiKeyError extends RefusalError {
  /** The variable's name (never its value). */
  readonly variable: string;
  constructor(variable: string, options: { who: string }) {
    super(
      `The environment variable ${variable}, which ${options.who} names in api_key_env, is not ` +
        `set: export it (its value is the API key) before the run, or remove api_key_env for ` +
        `a server that needs no key`,
    );
    this.variable = variable;
  }
}

/** The variable a suite names in `api_key_env` holds something that is not one key. */
export class ApiKeyShapeError extends RefusalError {
  /** The variable's name (never its value). */
  readonly variable: string;
  constructor(variable: string, options: { who: string }) {
    super(
      `The environment variable ${variable}, which ${options.who} names in api_key_env, holds ` +
        "whitespace or control characters inside the key (two keys, or a pasted line break?): " +
        "export the key alone",
    );
    this.variable = variable;
  }
}

/**
 * A key would go to a host its provider does not own and the launch did not grant
 * (`DIGLINE_KEY_HOSTS`), or that grant does not parse. A suite refused at load says where it
 * named the host; this one is raised where the key is read, for whatever reached it otherwise.
 */
export class KeyHostRefusedError extends RefusalError {}

/** No run in the store answers to the id, prefix or `latest` the user gave. */
export class RunNotFoundError extends RefusalError {
  readonly run: string;
  readonly suite?: string;
  constructor(
    run: string,
    options: { store?: string; suite?: string; where?: StoreWhere } = {},
  ) {
    const where = options.store === undefined ? "the store" : options.store;
    const of = options.suite === undefined ? "" : ` of suite "${options.suite}"`;
    super(
      run === "latest"
        ? `No run${of} in ${where} yet: \`${digline("run SUITE", options.where)}\` stores one`
        : `No run${of} in ${where} matches "${run}": \`${
          digline("list", options.where)
        }\` shows the runs`,
    );
    this.run = run;
    this.suite = options.suite;
  }
}

/** A run prefix that names several runs. */
export class AmbiguousRunError extends RefusalError {
  readonly prefix: string;
  readonly candidates: readonly string[];
  constructor(prefix: string, candidates: readonly string[]) {
    super(
      `Run prefix "${prefix}" matches ${candidates.length} runs (${
        shortList(candidates)
      }): give more of the id`,
    );
    this.prefix = prefix;
    this.candidates = candidates;
  }
}

/** A comparison asked for the approved baseline of a suite that has none. */
export class NoBaselineError extends RefusalError {
  readonly suite: string;
  constructor(suite: string, options: { tenant?: string; where?: StoreWhere } = {}) {
    const tenant = options.tenant === undefined || options.tenant === "default"
      ? ""
      : ` in tenant "${options.tenant}"`;
    super(
      `Suite "${suite}" has no approved baseline${tenant}: approve a run with ` +
        digline(`promote RUN --because "..."`, options.where),
    );
    this.suite = suite;
  }
}

/** Why a run can not become a baseline. */
export type PromoteRefusalReason =
  | "unreconciled"
  | "errored"
  | "calibration-lost"
  | "uncomputable"
  | "mismatched";

const PROMOTE_REASONS: Record<PromoteRefusalReason, (list: string) => string> = {
  unreconciled: (list) =>
    `it does not reconcile with its suite, unreconciled checks: ${list}; run the suite again`,
  errored: (list) =>
    `checks errored (${list}); a baseline answers every check, so fix the cause and run again`,
  "calibration-lost": (list) =>
    `its calibration came back wrong (${list}); the instrument that judged it is off, so fix the check or the calibration case and run again`,
  uncomputable: (list) => `figures can not be computed (${list}); a baseline states every figure`,
  mismatched: (list) =>
    `it is not a run of the same suite, cases and checks as ${list}; a baseline made of several runs measures one suite's noise`,
};

/**
 * A run that can not be approved: an errored or unreconciled verdict, a lost calibration, a
 * missing figure.
 */
export class PromoteRefusedError extends RefusalError {
  readonly run: string;
  readonly reason: PromoteRefusalReason;
  /** What blocks the promotion: `case · check` names, or figure names. */
  readonly checks: readonly string[];
  constructor(run: string, options: { reason: PromoteRefusalReason; checks: readonly string[] }) {
    super(
      `Cannot promote run ${run}: ${PROMOTE_REASONS[options.reason](shortList(options.checks))}`,
    );
    this.run = run;
    this.reason = options.reason;
    this.checks = options.checks;
  }
}

/** A run `rejudge` can not grade again. */
export class RejudgeRefusedError extends RefusalError {
  readonly run: string;
  constructor(
    run: string,
    options: { sampled: readonly string[]; source: string; where?: StoreWhere },
  ) {
    super(
      `Cannot rejudge run ${run}: its cases were asked several times (${
        shortList(options.sampled)
      }), and rejudge grades one stored answer per case, so the repeats' reduction would change; ` +
        `run the suite again under the current checks (${
          digline(`run ${options.source}`, options.where)
        }) and have a person promote that run`,
    );
    this.run = run;
  }
}

/**
 * A run `run --retry-errors` can not complete: its suite or rules changed since, the code under
 * test moved to another commit, it is partial or a re-grade, or nothing in it errored. Refused
 * before any call, with nothing stored.
 */
export class RetryErrorsRefusedError extends RefusalError {
  readonly run: string;
  constructor(run: string, options: { why: string; todo: string }) {
    super(`Cannot retry the errored cases of run ${run}: ${options.why}; ${options.todo}`);
    this.run = run;
  }
}

/** A stored document (run, baseline) that is not JSON or fails its schema. */
export class StoreDocumentError extends DocumentRefusedError {
  constructor(file: string, detail: string, options: { cause?: unknown } = {}) {
    super(file, {
      detail,
      noun: "Stored document",
      remedy: "restore it from version control or a backup, or move it out of the store",
      cause: options.cause,
    });
  }
}

/**
 * The store could not be written: a full disk, a file where a folder belongs, a read-only
 * folder. Nothing partial is left behind: temporary files are removed.
 */
export class StoreWriteError extends RefusalError {
  readonly path: string;
  readonly reason: string;
  constructor(path: string, options: { reason: string; cause?: unknown }) {
    super(`Cannot write "${path}": ${options.reason}`, { cause: options.cause });
    this.path = path;
    this.reason = options.reason;
  }
}

/**
 * Another process is running the same suite in the same store: a second run, --resume or
 * --restart would call its cases again and write the same journal.
 */
export class RunLockedError extends RefusalError {
  readonly path: string;
  readonly owner?: { pid: number; host: string; started_at: string };
  constructor(
    path: string,
    options: { owner: { pid: number; host: string; started_at: string } | undefined },
  ) {
    const owner = options.owner;
    super(
      owner === undefined
        ? `${path}: another process is taking this suite's run lock; wait for it, or delete ` +
          "the lock if no digline run of this suite is alive"
        : `${path}: this suite is being run by pid ${owner.pid} on host ${owner.host} since ` +
          `${owner.started_at}; wait for it to finish (compare and promote do not wait), or ` +
          "delete the lock if that process is gone",
    );
    this.path = path;
    this.owner = owner;
  }
}

/** A journal of an interrupted run that can not be trusted, or that is in the way. */
export class JournalRefusedError extends RefusalError {
  readonly file: string;
  readonly line?: number;
  constructor(file: string, options: { line?: number; detail: string }) {
    super(`${file}${options.line === undefined ? "" : `:${options.line}`}: ${options.detail}`);
    this.file = file;
    this.line = options.line;
  }
}

/** `compare --confirm` can not draw again from the system the run measured. */
export class ConfirmRefusedError extends RefusalError {
  readonly run: string;
  constructor(run: string, options: { detail: string; doing?: string }) {
    super(`Cannot ${options.doing ?? "confirm"} run ${run}: ${options.detail}`);
    this.run = run;
  }
}

/**
 * `promote --check-determinism`: a sample of the run's cases, drawn again, did not all answer as
 * in the run, so a one-run baseline would call every flip of a noisy system a regression.
 */
export class NotDeterministicError extends RefusalError {
  readonly run: string;
  readonly cases: readonly string[];
  constructor(
    run: string,
    options: { cases: readonly string[]; sampled: number; where?: StoreWhere },
  ) {
    super(
      `Cannot call the system of run ${run} deterministic: drawn again, ${options.cases.length} ` +
        `of ${options.sampled} sampled cases answered differently (${shortList(options.cases)}); ` +
        `measure its noise instead: ${
          digline(`promote ${run} --repeats 10 --because "..."`, options.where)
        }`,
    );
    this.run = run;
    this.cases = options.cases;
  }
}

function shortList(names: readonly string[]): string {
  const shown = names.slice(0, LIST_LIMIT).join(", ");
  const more = names.length - LIST_LIMIT;
  return more > 0 ? `${shown}, and ${more} more` : shown;
}

/**
 * A shard run (`run --shard K/N`) asked to stand for the whole suite: it answers only its part,
 * so comparing or promoting it would judge a fraction of the cases.
 */
export class PartialRunError extends RefusalError {
  readonly run: string;
  constructor(
    run: string,
    options: { suite: string; shard: string; doing: string; where?: StoreWhere },
  ) {
    super(
      `Cannot ${options.doing} run ${run}: it is shard ${options.shard} of suite ${options.suite}, ` +
        `a partial run; merge its shards into one run first (${
          digline(`merge --suite ${options.suite} --latest-shards`, options.where)
        })`,
    );
    this.run = run;
  }
}

/**
 * A stored document digline can not take as evidence for what cites it: a run dated after the
 * clock, a run git tracks or made at another commit under --baseline-ref, an index line its
 * document contradicts. Refused by name, never silently used (docs/security.md).
 */
export class EvidenceRefusedError extends RefusalError {
  readonly file: string;
  constructor(file: string, detail: string) {
    super(`${file}: ${detail}`);
    this.file = file;
  }
}

/**
 * What a run the index does not list is, said once for every refusal and listing that names one
 * (ADR 0113): digline lists each run it stores, so such a document was put there by hand.
 */
export const UNLISTED =
  "not written by this store (its suite's .index.jsonl does not list it: copied in, or committed by a pull request)";

/** A run the store's index does not list, asked to stand for something only a stored run may. */
export class UnlistedRunError extends RefusalError {
  readonly file: string;
  constructor(file: string, options: { runId: string; use: string }) {
    super(
      `${file}: run ${options.runId} is ${UNLISTED}, so it can not be ${options.use}; run the suite and use the run it stores (an interrupted run's journal finishes with run --resume)`,
    );
    this.file = file;
  }
}

/** `latest` asked of a suite whose index lists none of the runs its folder holds. */
export class NoListedRunError extends RefusalError {
  constructor(suiteDir: string, options: { suite: string; documents: number }) {
    super(
      `${suiteDir}: its .index.jsonl lists none of its ${options.documents} runs, so suite ${options.suite} has no latest run (documents the index does not list were not written by this store: copied in, or committed by a pull request); run the suite to store one, or name a run by id`,
    );
  }
}

/**
 * A store document that is a symbolic link: read through, it could show any file the process
 * may read, and a refusal quoting its start would print that file. Named, never followed.
 */
export class LinkedDocumentError extends RefusalError {
  readonly file: string;
  constructor(file: string) {
    super(
      `${file}: it is a symbolic link, and digline never reads a store document through one (a link planted in the store could point anywhere); remove the link`,
    );
    this.file = file;
  }
}

/** A launch whose runtime variable makes V8 write files before any permission is checked. */
export class RuntimeWriterRefusedError extends RefusalError {
  constructor(variable: string, flags: readonly string[]) {
    super(
      `${variable} holds ${flags.join(" ")}: V8 writes files for ${
        flags.length === 1 ? "it" : "them"
      } as it starts, before Deno's --deny-write is checked (V8 reads -flag as --flag and _ as -), so the operator does not run under it; check that operator.toml is as you left it, unset ${variable} and launch again`,
    );
  }
}
