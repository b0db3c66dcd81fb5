import type { RunProgress } from "../core/run/progress.ts";
import { compareDocument, runSuiteDocument } from "../host/commands/documents.ts";
import { RunStore, type StoreLocation } from "../host/store.ts";
import type { Envelope } from "./envelope.ts";
import { failureEnvelope } from "./failure.ts";

/** What one run call asks for. */
export interface RunRequest {
  suiteFile: string;
  store: StoreLocation;
  resume: boolean;
  restart: boolean;
  /** Asked of git by the server, outside the worker (which may not start git). */
  gitCommit: string | null;
}

/** Runs a suite as `digline run SUITE --json` does and answers with its envelope. */
export async function runRequest(
  request: RunRequest,
  options: { signal: AbortSignal; onProgress(progress: RunProgress): void },
): Promise<Envelope> {
  const notes: string[] = [];
  let envelope: Envelope;
  try {
    const document = await runSuiteDocument(request.suiteFile, {
      store: new RunStore(request.store),
      resume: request.resume,
      restart: request.restart,
      gitCommit: request.gitCommit,
      signal: options.signal,
      onProgress: options.onProgress,
      onNote: (note) => notes.push(note),
    });
    envelope = { exit_code: 0, document };
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
      kind: "compare",
      confirm: true,
      confirmGitCommit: request.gitCommit,
    });
    return { exit_code: result.comparison.verdict, document };
  } catch (error) {
    return failureEnvelope(error);
  }
}
