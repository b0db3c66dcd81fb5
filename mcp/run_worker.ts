/**
 * The worker one `run` call (or one `compare` call with `confirm`, which calls the system too)
 * executes in. A worker has a module graph of its own, so the suite
 * and the system it imports are read as they are now: in the server's own process they would be
 * imported once and reused, and an agent that edited its system would measure the old one.
 *
 * @module
 */
import { scrubbedValue } from "../host/process/secrets.ts";
import { grantOnlyDeclaredEnv } from "../host/user_code/worker_target.ts";
import type { Envelope } from "./envelope.ts";
import { routeConsoleToStderr } from "./quiet_stdout.ts";
import type { RunProgress } from "../core/run/progress.ts";
import { type ConfirmRequest, confirmRequest, type RunRequest, runRequest } from "./run_request.ts";

/** From the server to the worker. */
export type ToWorker =
  | { kind: "start"; request: RunRequest; userEnv: readonly string[] }
  | { kind: "confirm"; request: ConfirmRequest; userEnv: readonly string[] }
  | { kind: "abort" };

/** From the worker to the server: progress after each case, then the answer. */
export type FromWorker = { kind: "progress"; progress: RunProgress } | {
  kind: "done";
  envelope: Envelope;
};

interface WorkerScope {
  postMessage(message: FromWorker): void;
  onmessage: ((event: MessageEvent<ToWorker>) => void) | null;
}

const scope = globalThis as unknown as WorkerScope;
const controller = new AbortController();
routeConsoleToStderr();
// An agent writes the suites this worker runs: their code reads the variables they declare,
// of those the person launching the server granted (none until the job says which).
grantOnlyDeclaredEnv([]);

scope.onmessage = async (event) => {
  if (event.data.kind === "abort") return controller.abort();
  grantOnlyDeclaredEnv(event.data.userEnv);
  if (event.data.kind === "confirm") {
    const envelope = await confirmRequest(event.data.request);
    scope.postMessage({ kind: "done", envelope: scrubbedValue(envelope) });
    return;
  }
  const envelope = await runRequest(event.data.request, {
    signal: controller.signal,
    onProgress: (progress) => scope.postMessage({ kind: "progress", progress }),
  });
  // This worker may have read a key the server never did (a suite's own api_key_env).
  scope.postMessage({ kind: "done", envelope: scrubbedValue(envelope) });
};
