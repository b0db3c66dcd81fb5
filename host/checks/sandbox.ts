/**
 * A Worker with no permissions at all that imports a suite module again and runs its custom
 * checks there, so a check can read no file, no environment variable and no network, and
 * start no process, whatever grants the command itself holds (ADR 0061); nor print to the
 * process's stdout, keep state for the next run, answer for another case's check, or grow its
 * heap past SANDBOX_HEAP_MB (ADR 0111).
 *
 * @module
 */
import { SuiteLoadError } from "../process/refusals.ts";
import { LOCKDOWN_IMPORTS, lockdownExpression } from "../user_code/lockdown.ts";
import { isPrinted, printedTo } from "../user_code/printed.ts";

/** What the sandbox answered for one check: its result, or the message it threw. */
export type SandboxAnswer =
  | { answer: unknown }
  | { threw: string }
  | { timedOut: true }
  | { overMemory: number };

/**
 * The sandbox's V8 heap limit. A Deno Worker takes no heap limit, and terminating one does not
 * stop every allocating loop: a check that filled arrays without end took the process down with
 * V8's fatal out-of-memory error at 4.3 GB. The checks therefore run in a node worker thread
 * with `resourceLimits`, started inside the Worker that holds the permissions; V8 stops that
 * thread at the limit and the Worker around it says so.
 */
export const SANDBOX_HEAP_MB = 256;
const YOUNG_GENERATION_MB = 16;

/** A started sandbox; close it when the run ends, or its Worker keeps the process alive. */
export interface CheckSandbox {
  /** Runs the custom check `assertionId` on one input, stopped at `timeoutMs`. */
  check(
    assertionId: string,
    options: { input: unknown; timeoutMs: number; signal?: AbortSignal },
  ): Promise<SandboxAnswer>;
  close(): void;
}

// Imported before the suite module, so it runs before any of the suite's code: it locks the
// Worker down (no stdout, no storage that outlives the process, no code from strings, no
// channel to the parent but digline's dispatcher; ADR 0111) and turns an error raised while the
// suite evaluates (a denied read at its top level) into a message, not an uncaught error. Its
// URL carries a nonce, so the suite can not import it to take the channel first; if it did,
// \`take\` answers nothing and the sandbox does not start.
function guardSource(): string {
  return `${LOCKDOWN_IMPORTS}
for (const name of ${JSON.stringify(PERMISSIONS)}) Deno.permissions.revokeSync({ name });
// A node worker thread has no \`self\`; a check written for a Worker may use it.
globalThis.self ??= globalThis;
const tools = ${
    lockdownExpression({ sealChannel: true, noCodeFromStrings: true, portFromWorkerData: true })
  };
function report(error) {
  tools.post({ stray: error instanceof Error ? error.name + ": " + error.message : String(error) });
}
globalThis.addEventListener("error", (event) => {
  event.preventDefault();
  report(event.error ?? event.message);
});
globalThis.addEventListener("unhandledrejection", (event) => {
  event.preventDefault();
  report(event.reason);
});
let taken = false;
export function take() {
  if (taken) return undefined;
  taken = true;
  return tools;
}
// ${crypto.randomUUID()}
`;
}

// Static imports in a blob module: a dynamic import() would ask for read permission, which a
// Worker with none does not have, while the module graph of the Worker's own source is loaded
// by the runtime before the Worker's code runs. The checks are kept in an object with no
// prototype, so the suite's code can not change which function an id finds by patching Map.
function workerSource(moduleUrl: string): string {
  const guard = `data:text/javascript,${encodeURIComponent(guardSource())}`;
  return `
import { take } from ${JSON.stringify(guard)};
import * as namespace from ${JSON.stringify(moduleUrl)};
const tools = take();
if (tools === undefined) throw new Error("the sandbox's channel was taken before digline's dispatcher");
const checks = Object.create(null);
for (const assertion of namespace.suite?.assertions ?? []) {
  if (assertion !== null && typeof assertion === "object" && assertion.kind === "custom") {
    checks[assertion.id] = assertion;
  }
}
function messageOf(error) {
  return error instanceof Error ? (error.message || error.name) : String(error);
}
tools.listen(async (data) => {
  const { id, assertionId, input } = data;
  const assertion = checks[assertionId];
  if (assertion === undefined) {
    tools.post({ id, threw: "the check is not in the module when it is imported again " +
      "(a suite whose checks change from one import to the next can not run sandboxed)" });
    return;
  }
  tools.post({ id, started: true });
  try {
    const answer = await assertion.check(input);
    tools.post({ id, answer });
  } catch (error) {
    tools.post({ id, threw: messageOf(error) });
  }
});
tools.post({ ready: true });
`;
}

const PERMISSIONS = ["read", "write", "net", "env", "sys", "run", "ffi", "import"];

// The Worker around the thread. It holds read permission only so that the thread it starts can
// load the suite's module graph (a node worker thread checks read on its static imports, where
// a Worker does not); the guard revokes it, for both, before any of the suite's code runs. It
// hands the parent the other end of the thread's port, so checks and answers go between the
// two directly, not through this Worker's heap twice each (ADR 0132), and says when the thread
// stopped, and why.
function relaySource(moduleUrl: string): string {
  const inner = `data:text/javascript,${encodeURIComponent(workerSource(moduleUrl))}`;
  return `import { MessageChannel, Worker } from "node:worker_threads";
const { port1, port2 } = new MessageChannel();
const inner = new Worker(new URL(${JSON.stringify(inner)}), {
  workerData: { port: port2 },
  transferList: [port2],
  resourceLimits: {
    maxOldGenerationSizeMb: ${SANDBOX_HEAP_MB - YOUNG_GENERATION_MB},
    maxYoungGenerationSizeMb: ${YOUNG_GENERATION_MB},
  },
});
let failed = false;
// Only the port carries the thread's answers: what its code posts to its parent is not heard.
self.postMessage({ port: port1 }, [port1]);
inner.on("error", (error) => {
  failed = true;
  self.postMessage({ failed: error?.code === "ERR_WORKER_OUT_OF_MEMORY" ? "memory" : String(error?.message ?? error) });
});
inner.on("exit", () => {
  if (!failed) self.postMessage({ failed: "the sandbox's thread exited" });
});
`;
}

/** The relay's permissions: see relaySource. */
const RELAY_PERMISSIONS: Deno.PermissionOptionsObject = {
  read: "inherit",
  write: false,
  net: false,
  env: false,
  sys: false,
  run: false,
  ffi: false,
  import: false,
};

interface Pending {
  resolve(answer: SandboxAnswer): void;
  /** Starts the check's clock: it runs from when the Worker begins it, not from the queue. */
  started(): void;
  /** Stops the check's clock: it is asked again of a fresh Worker, which starts it anew. */
  requeued(): void;
  /** Whether the Worker has begun it. */
  running: boolean;
  message: { id: number; assertionId: string; input: unknown };
}

/** How many times in a row a Worker may go silent with checks waiting before the rest fail. */
const SILENT_RESTARTS = 2;

/**
 * Starts the sandbox for the suite module at `moduleUrl` and waits until it has imported the
 * module. A module that does not load without permissions (it reads a file or a variable at
 * its top level) is refused naming the file and the denial.
 */
export async function openCheckSandbox(
  moduleUrl: string,
  options: { source: string; loadTimeoutMs: number },
): Promise<CheckSandbox> {
  const url = URL.createObjectURL(
    new Blob([relaySource(moduleUrl)], { type: "text/javascript" }),
  );
  const pending = new Map<number, Pending>();
  const printed = printedTo("custom check");
  let nextId = 0;
  let closed = false;
  /** Why no Worker can be started any more; every later check is answered with it. */
  let broken: string | undefined;
  let worker: Sandbox;
  // A Worker stuck outside any check (a timer a check left behind that loops) starts no check,
  // so no check's clock runs: silence for twice the timeout with checks waiting replaces it.
  let watchdog: ReturnType<typeof setTimeout> | undefined;
  let watchdogMs = 0;
  let silentRestarts = 0;
  // The thread stopped: at the heap limit, the checks running in it are errored and those still
  // queued are asked again of a fresh one; otherwise (an error outside any check) all are.
  function stopped(why: string): void {
    if (why === "memory") {
      for (const entry of [...pending.values()]) {
        if (entry.running) entry.resolve({ overMemory: SANDBOX_HEAP_MB });
      }
    }
    void restart();
  }
  function armWatchdog(): void {
    clearTimeout(watchdog);
    watchdog = undefined;
    if (closed || pending.size === 0 || watchdogMs === 0) return;
    watchdog = setTimeout(() => {
      watchdog = undefined;
      if (pending.size === 0) return;
      silentRestarts++;
      if (silentRestarts > SILENT_RESTARTS) {
        failAll(`the sandbox stopped answering (${SILENT_RESTARTS} fresh Workers in a row)`);
        return;
      }
      void restart();
    }, watchdogMs);
  }
  function failAll(reason: string): void {
    broken = reason;
    for (const entry of [...pending.values()]) entry.resolve({ threw: reason });
    pending.clear();
    clearTimeout(watchdog);
    stop(worker);
  }
  try {
    worker = await start();
  } catch (error) {
    URL.revokeObjectURL(url);
    throw error;
  }

  async function start(): Promise<Sandbox> {
    const started = new Worker(url, {
      type: "module",
      deno: { permissions: RELAY_PERMISSIONS },
    });
    let port: MessagePort | undefined;
    let timer: ReturnType<typeof setTimeout> | undefined;
    try {
      await new Promise<void>((resolve, reject) => {
        const refuse = (message: string) =>
          reject(
            new SuiteLoadError(
              `custom checks run with no permissions, and the module does not load without ` +
                `them (${message}); read files and variables where the suite is run, not at ` +
                "the module's top level (a cases_file is read for you)",
              { file: options.source },
            ),
          );
        started.onmessage = (event) => {
          if (event.data?.port instanceof MessagePort) {
            port = event.data.port as MessagePort;
            port.onmessage = (event) => {
              if (isPrinted(event.data)) printed(event.data.text);
              else if (typeof event.data?.stray === "string") refuse(event.data.stray);
              else resolve();
            };
          } else if (typeof event.data?.failed === "string") refuse(failure(event.data.failed));
        };
        started.onerror = (event) => {
          event.preventDefault();
          refuse(event.message);
        };
        timer = setTimeout(() => {
          reject(
            new SuiteLoadError(
              `the module did not finish loading for its custom checks within ` +
                `${options.loadTimeoutMs} ms without permissions (a top-level await that waits ` +
                "on a file or the network?)",
              { file: options.source },
            ),
          );
        }, options.loadTimeoutMs);
      });
    } catch (error) {
      stop({ worker: started, port });
      throw error;
    } finally {
      clearTimeout(timer);
    }
    const heard = () => {
      silentRestarts = 0;
      armWatchdog();
    };
    started.onmessage = (event) => {
      if (typeof event.data?.failed !== "string") return;
      heard();
      stopped(event.data.failed);
    };
    port!.onmessage = (event) => {
      if (isPrinted(event.data)) return printed(event.data.text);
      heard();
      // An error after a check answered (a rejection nobody awaited) changes no verdict.
      if (typeof event.data?.stray === "string") return;
      const { id, ...answer } = event.data as { id: number } & SandboxAnswer;
      const entry = pending.get(id);
      if (entry === undefined) return;
      if ("started" in answer) {
        entry.started();
        return;
      }
      pending.delete(id);
      entry.resolve(answer);
    };
    started.onerror = (event) => {
      // An error outside any check (a rejection nobody awaited) stops this Worker: the checks
      // in flight are asked again of a fresh one.
      event.preventDefault();
      void restart();
    };
    return { worker: started, port: port! };
  }

  let restarting: Promise<void> | undefined;
  function restart(): Promise<void> {
    restarting ??= replaceWorker().finally(() => {
      restarting = undefined;
    });
    return restarting;
  }

  async function replaceWorker(): Promise<void> {
    stop(worker);
    if (closed) return;
    try {
      worker = await start();
    } catch (error) {
      failAll(`the sandbox did not restart: ${messageOf(error)}`);
      return;
    }
    for (const entry of pending.values()) {
      entry.requeued();
      worker.port.postMessage(entry.message);
    }
    armWatchdog();
  }

  return {
    check(assertionId, { input, timeoutMs, signal }) {
      if (closed) return Promise.resolve({ threw: "the run's sandbox is closed" });
      if (broken !== undefined) return Promise.resolve({ threw: broken });
      if (signal?.aborted) return Promise.reject(signal.reason);
      watchdogMs = 2 * timeoutMs;
      const id = nextId++;
      const message = { id, assertionId, input };
      return new Promise<SandboxAnswer>((resolve, reject) => {
        let timer: ReturnType<typeof setTimeout> | undefined;
        const onAbort = () => {
          settle();
          reject(signal?.reason);
        };
        const settle = () => {
          clearTimeout(timer);
          signal?.removeEventListener("abort", onAbort);
          pending.delete(id);
        };
        pending.set(id, {
          message,
          running: false,
          resolve: (answer) => {
            settle();
            resolve(answer);
          },
          // A check that loops or never settles is stopped with its Worker; the other checks
          // in flight are asked again of the next one, their clocks started afresh.
          started: () => {
            pending.get(id)!.running = true;
            clearTimeout(timer);
            timer = setTimeout(() => {
              settle();
              resolve({ timedOut: true });
              void restart();
            }, timeoutMs);
          },
          requeued: () => {
            pending.get(id)!.running = false;
            clearTimeout(timer);
          },
        });
        signal?.addEventListener("abort", onAbort, { once: true });
        if (watchdog === undefined) armWatchdog();
        try {
          worker.port.postMessage(message);
        } catch (error) {
          settle();
          resolve({ threw: `its input could not be handed to the sandbox: ${messageOf(error)}` });
        }
      });
    },
    close() {
      closed = true;
      clearTimeout(watchdog);
      stop(worker);
      for (const entry of pending.values()) entry.resolve({ threw: "the run stopped" });
      pending.clear();
      URL.revokeObjectURL(url);
    },
  };
}

/** A started sandbox: the Worker around the thread, and the port the thread answers on. */
interface Sandbox {
  worker: Worker;
  port: MessagePort;
}

// The port goes with its Worker: a restarted sandbox's answers come on the new thread's port only.
function stop(sandbox: { worker: Worker; port?: MessagePort }): void {
  sandbox.worker.terminate();
  sandbox.port?.close();
}

/** What the relay said when the thread stopped, as a sentence. */
function failure(why: string): string {
  return why === "memory" ? `the module passed the sandbox's ${SANDBOX_HEAP_MB} MB heap` : why;
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message || error.name : String(error);
}
