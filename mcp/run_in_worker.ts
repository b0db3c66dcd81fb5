import type { Envelope } from "./envelope.ts";
import { failureEnvelope } from "./failure.ts";
import type { FromWorker, RunRequest, ToWorker } from "./run_worker.ts";
import type { ToolContext } from "./tool.ts";

/** Runs a suite in a fresh worker (see run_worker.ts), relaying its progress and cancellation. */
export function runInWorker(request: RunRequest, context: ToolContext): Promise<Envelope> {
  const worker = new Worker(new URL("./run_worker.ts", import.meta.url), {
    type: "module",
    name: "digline run",
  });
  const send = (message: ToWorker) => worker.postMessage(message);
  return new Promise((resolve) => {
    const abort = () => send({ kind: "abort" });
    const finish = (envelope: Envelope) => {
      context.signal.removeEventListener("abort", abort);
      worker.terminate();
      resolve(envelope);
    };
    worker.onmessage = (event: MessageEvent<FromWorker>) => {
      const message = event.data;
      if (message.kind === "done") return finish(message.envelope);
      const errored = message.errored > 0 ? `, ${message.errored} errored` : "";
      context.progress({
        progress: message.done,
        total: message.total,
        message: `${message.done}/${message.total} cases${errored}`,
      });
    };
    // An error the worker did not catch is digline's own failure, never the suite's: the worker
    // translates everything the run raises.
    worker.onerror = (event) => {
      event.preventDefault();
      finish(failureEnvelope(event.error ?? new Error(event.message)));
    };
    context.signal.addEventListener("abort", abort, { once: true });
    send({ kind: "start", request });
    if (context.signal.aborted) abort();
  });
}
