import type { RunProgress } from "../core/run/progress.ts";
import type { Redactable } from "../core/suite/report_settings.ts";
import { rejudgeDocument, runSuiteDocument } from "../host/work/documents.ts";
import { compareDocument } from "../host/work/compare_document.ts";
import { RunStore, type StoreLocation } from "../host/store/store.ts";
import type { Envelope } from "./envelope.ts";
import { failureEnvelope } from "./failure.ts";
import { runExitCode } from "../core/run/run_exit.ts";

/** What one run or rejudge call asks for: both write a run, so both go through the worker. */
export type RunRequest = SuiteRunRequest | RejudgeRequest;

interface RunRequestBase {
  store: StoreLocation;
  resume: boolean;
  restart: boolean;
}

/** `run`: execute a suite against its target. */
export interface SuiteRunRequest extends RunRequestBase {
  kind: "run";
  suiteFile: string;
  /** Asked of git by the server, outside the worker (which may not start git). */
  gitCommit: string | null;
}

/** `rejudge`: grade a stored run's outputs again under the suite's current checks. */
export interface RejudgeRequest extends RunRequestBase {
  kind: "rejudge";
  /** The run to grade again: an id, a unique prefix of one, or `latest`. */
  run: string;
  /** The suite's name, when the store holds several. */
  suite?: string;
  /** The suite file whose checks grade; the run's own suite source by default. */
  suiteFile?: string;
}

/**
 * Runs a suite as `digline run SUITE --json` does, or re-grades a run as `digline rejudge RUN
 * --json` does, and answers with its envelope.
 */
export async function runRequest(
  request: RunRequest,
  options: { signal: AbortSignal; onProgress(progress: RunProgress): void },
): Promise<Envelope> {
  const notes: string[] = [];
  const common = {
    store: new RunStore(request.store),
    resume: request.resume,
    restart: request.restart,
    signal: options.signal,
    onProgress: options.onProgress,
    onNote: (note: string) => notes.push(note),
  };
  let envelope: Envelope;
  try {
    const document = request.kind === "rejudge"
      ? await rejudgeDocument(request.run, {
        ...common,
        suite: request.suite,
        suiteFile: request.suiteFile,
      })
      : await runSuiteDocument(request.suiteFile, { ...common, gitCommit: request.gitCommit });
    envelope = { exit_code: runExitCode(document), document };
  } catch (error) {
    envelope = failureEnvelope(error);
  }
  return notes.length > 0 ? { ...envelope, notes } : envelope;
}

/** What one `compare` call with `confirm` asks for: the CLI's `compare [RUN] --confirm --json`. */
export interface ConfirmRequest {
  store: StoreLocation;
  run?: string;
  suite?: string;
  baseline?: string;
  /** As the CLI's `--redact`: payloads the document names by digests. */
  redact?: Redactable[];
  /** As the CLI's `--max-extra-calls`: the budget of extra calls, in place of the suite's. */
  maxExtraCalls?: number;
  /** Asked of git by the server, outside the worker (which may not start git). */
  gitCommit: string | null;
}

/**
 * Compares as `digline compare --confirm --json` does, drawing again what is ambiguous (or using
 * the run's stored confirmation), and answers with its envelope; the exit code is the verdict.
 */
export async function confirmRequest(request: ConfirmRequest): Promise<Envelope> {
  try {
    const { document, result } = await compareDocument(request.run, {
      store: new RunStore(request.store),
      suite: request.suite,
      baseline: request.baseline,
      redact: request.redact,
      kind: "compare",
      confirm: true,
      confirmGitCommit: request.gitCommit,
      ...(request.maxExtraCalls === undefined
        ? {}
        : { confirmMaxExtraCalls: request.maxExtraCalls }),
    });
    return { exit_code: result.comparison.verdict, document };
  } catch (error) {
    return failureEnvelope(error);
  }
}
