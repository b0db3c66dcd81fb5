import type { RunProgress } from "../core/run/progress.ts";
import { runSuiteDocument } from "../host/commands/documents.ts";
import { RunStore, type StoreLocation } from "../host/store.ts";
import type { Envelope } from "./envelope.ts";
import { failureEnvelope } from "./failure.ts";

/** What one run call asks for. */
export interface RunRequest {
  suiteFile: string;
  store: StoreLocation;
  resume: boolean;
  restart: boolean;
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
