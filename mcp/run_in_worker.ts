import type { Envelope } from "./envelope.ts";
import { failureEnvelope } from "./failure.ts";
import type { RunProgress } from "../core/run/progress.ts";
import { type RunRequest, runRequest } from "./run_request.ts";
import type { FromWorker, ToWorker } from "./run_worker.ts";
import type { ToolContext } from "./tool.ts";

// A single-file bundle (`deno task bundle`) carries this module but not run_worker.ts beside
// it; there import.meta.url is the bundle's own address.
const WORKER_AT_HAND = import.meta.url.endsWith("/mcp/run_in_worker.ts");

/** What a run answered from a bundle says, so an agent knows why an edit was not measured. */
export const NO_WORKER_NOTE =
  "this server runs from a single-file bundle, which has no run worker: the suite and the " +
  "system were imported in the server's process, so an edit to them after this session's " +
  "first run is measured only once the server restarts";

/**
 * Runs a suite in a fresh worker (see run_worker.ts), relaying its progress and cancellation;
 * from a bundle, in this process, with a note saying what that costs.
 */
export async function runInWorker(request: RunRequest, context: ToolContext): Promise<Envelope> {
  if (!WORKER_AT_HAND) {
    const envelope = await runRequest(request, {
      signal: context.signal,
      onProgress: (progress) => relay(progress, context),
    });
    return { ...envelope, notes: [...(envelope.notes ?? []), NO_WORKER_NOTE] };
  }
  const worker = new Worker(new URL("./run_worker.ts", import.meta.url), {
    type: "module",
    name: "digline run",
  });
  const send = (message: ToWorker) => worker.postMessage(message);
  return await new Promise((resolve) => {
    const abort = () => send({ kind: "abort" });
    const finish = (envelope: Envelope) => {
      context.signal.removeEventListener("abort", abort);
      worker.terminate();
      resolve(envelope);
    };
    worker.onmessage = (event: MessageEvent<FromWorker>) => {
      const message = event.data;
      if (message.kind === "done") finish(message.envelope);
      else relay(message.progress, context);
    };
    // The worker translates everything a run raises, so an error it did not catch is digline's
    // own failure (the worker could not start, say), never the suite's.
    worker.onerror = (event) => {
      event.preventDefault();
      finish(failureEnvelope(event.error ?? new Error(event.message)));
    };
    context.signal.addEventListener("abort", abort, { once: true });
    send({ kind: "start", request });
    if (context.signal.aborted) abort();
  });
}

function relay(progress: RunProgress, context: ToolContext): void {
  const errored = progress.errored > 0 ? `, ${progress.errored} errored` : "";
  context.progress({
    progress: progress.done,
    total: progress.total,
    message: `${progress.done}/${progress.total} cases${errored}`,
  });
}
