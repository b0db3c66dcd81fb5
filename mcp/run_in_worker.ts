import { join, resolve } from "node:path";
import { grantOnlyDeclaredEnv } from "../host/user_code/worker_target.ts";
import type { Envelope } from "./envelope.ts";
import { failureEnvelope } from "./failure.ts";
import type { RunProgress } from "../core/run/progress.ts";
import { type ConfirmRequest, confirmRequest, type RunRequest, runRequest } from "./run_request.ts";
import type { FromWorker, ToWorker } from "./run_worker.ts";
import type { ToolContext } from "./tool.ts";

// From source the worker is the module beside this one. In the bundle (`deno task bundle`)
// this code sits in a chunk beside the entry run_worker.js; a single file bundled by hand has
// no worker beside it.
const FROM_SOURCE = import.meta.url.endsWith("/mcp/run_in_worker.ts");
const WORKER_URL = new URL(FROM_SOURCE ? "./run_worker.ts" : "./run_worker.js", import.meta.url);
let workerAtHand: boolean | undefined;

/** Whether the run worker's module is there to start; asked once, at the first run. */
function isWorkerAtHand(): boolean {
  if (workerAtHand === undefined) {
    try {
      workerAtHand = FROM_SOURCE || Deno.statSync(WORKER_URL).isFile;
    } catch {
      workerAtHand = false;
    }
  }
  return workerAtHand;
}

/** What a run answered without a worker says, so an agent knows why an edit was not measured. */
export const NO_WORKER_NOTE =
  "this server runs from a single-file bundle, which has no run worker: digline's part of the " +
  "run ran in the server's process, with the server's own write permission on the whole " +
  "store; the system and the suite's code still ran in Workers that can write nothing";

/**
 * The folders a run writes, and the only ones its worker may: the runs, the run journal and
 * confirmations. Approvals (`baselines/`) are outside, and so is the tenant folder itself, so a
 * system under test can neither write an approval nor rename the store around the grant.
 */
export function runWriteGrant(store: ToolContext["store"]): string[] {
  const tenant = resolve(store.root, store.tenant);
  return ["runs", "work", "confirmations"].map((folder) => join(tenant, folder));
}

/**
 * Runs a suite in a fresh worker (see run_worker.ts), relaying its progress and cancellation;
 * from a single file bundled without its worker, in this process, with a note saying what that
 * costs. The worker may read, reach the network and the variables the server may, and write only
 * what a run writes; it may start only the programs the server was started with
 * (`--allow-command`), and load no native code.
 */
export async function runInWorker(
  request: RunRequest | { kind: "confirm"; request: ConfirmRequest },
  context: ToolContext,
): Promise<Envelope> {
  const userEnv = context.userEnv;
  const job: Exclude<ToWorker, { kind: "abort" }> = request.kind === "confirm"
    ? { ...request, userEnv }
    : { kind: "start", request, userEnv };
  if (!isWorkerAtHand()) {
    grantOnlyDeclaredEnv(userEnv);
    const envelope = job.kind === "confirm"
      ? await confirmRequest(job.request)
      : await runRequest(job.request, {
        signal: context.signal,
        onProgress: (progress) => relay(progress, context),
      });
    return { ...envelope, notes: [...(envelope.notes ?? []), NO_WORKER_NOTE] };
  }
  let worker: Worker;
  try {
    worker = new Worker(WORKER_URL, {
      type: "module",
      name: "digline run",
      deno: {
        permissions: {
          read: "inherit",
          write: runWriteGrant(context.store),
          net: "inherit",
          env: "inherit",
          sys: "inherit",
          import: "inherit",
          run: context.commands.length > 0 ? [...context.commands] : false,
          ffi: false,
        },
      },
    });
  } catch (error) {
    return failureEnvelope(error);
  }
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
    send(job);
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
