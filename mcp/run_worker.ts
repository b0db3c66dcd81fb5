/**
 * The worker one `run` call executes in. A worker has a module graph of its own, so the suite
 * and the system it imports are read as they are now: in the server's own process they would be
 * imported once and reused, and an agent that edited its system would measure the old one.
 *
 * @module
 */
import { runSuiteDocument } from "../host/operations/documents.ts";
import { RunStore, type StoreLocation } from "../host/store.ts";
import type { Envelope } from "./envelope.ts";
import { failureEnvelope } from "./failure.ts";
import { routeConsoleToStderr } from "./quiet_stdout.ts";

/** What one run call asks the worker to do. */
export interface RunRequest {
  suiteFile: string;
  store: StoreLocation;
  resume: boolean;
  restart: boolean;
}

/** From the server to the worker. */
export type ToWorker = { kind: "start"; request: RunRequest } | { kind: "abort" };

/** From the worker to the server: progress after each case, then the answer. */
export type FromWorker =
  | { kind: "progress"; done: number; total: number; errored: number }
  | { kind: "done"; envelope: Envelope };

interface WorkerScope {
  postMessage(message: FromWorker): void;
  onmessage: ((event: MessageEvent<ToWorker>) => void) | null;
}

const scope = globalThis as unknown as WorkerScope;
const controller = new AbortController();
routeConsoleToStderr();

scope.onmessage = (event) => {
  if (event.data.kind === "abort") controller.abort();
  else void start(event.data.request);
};

async function start(request: RunRequest): Promise<void> {
  const notes: string[] = [];
  let envelope: Envelope;
  try {
    const document = await runSuiteDocument(request.suiteFile, {
      store: new RunStore(request.store),
      resume: request.resume,
      restart: request.restart,
      signal: controller.signal,
      onProgress: (p) =>
        scope.postMessage({ kind: "progress", done: p.done, total: p.total, errored: p.errored }),
      onNote: (note) => notes.push(note),
    });
    envelope = { exit_code: 0, document };
  } catch (error) {
    envelope = failureEnvelope(error);
  }
  scope.postMessage({
    kind: "done",
    envelope: notes.length > 0 ? { ...envelope, notes } : envelope,
  });
}
