/**
 * A system under test in a Worker that may read and reach the network but not write a file,
 * start a program or load native code: a module target, a suite written in code (its top level
 * and its target function). digline's own process writes the run, its journal and its
 * confirmations from the answers that come back, so the system can not write evidence
 * (ADR 0083).
 *
 * @module
 */
import { AssertionShapeError, RefusalError } from "../../core/errors.ts";
import type { JsonObject } from "../../core/json.ts";
import { withinDeadline } from "./load_deadline.ts";
import { abortError } from "../calls/call_errors.ts";
import { type CallOptions, type Target, TransportError } from "../calls/target.ts";
import { userCodeWorkerUrl } from "./worker_source.ts";
import { isPrinted, printedTo } from "./printed.ts";
import type { Printed } from "./lockdown.ts";

/** An error raised inside the Worker, as it crossed back. */
export interface RaisedInWorker {
  name: string;
  message: string;
  stack: string;
  notCapable: boolean;
  exitCode?: number;
  /** Its class and each class above it, by name: a refusal digline raised there stays one. */
  classes: string[];
  /** What was thrown, when it was not an Error: a primitive, or an object's class and text. */
  value?: unknown;
}

/** What to take from the module once the Worker has imported it. */
export type Pick = "describe" | "suite-target" | { export: string };

/** What the Worker answers once it has imported the module. */
export type Opened =
  | { kind: "opened" }
  | { kind: "failed"; error: RaisedInWorker }
  | { kind: "shape"; exports: string[]; type?: string }
  | {
    kind: "described";
    exports: string[];
    present: boolean;
    suite?: unknown;
    /** The first keys of a value in the suite nested too deep to copy. */
    tooDeep?: (string | number)[];
  };

type Answer =
  & { kind: "answer"; id: number }
  & (
    | { output: string }
    | { threw: RaisedInWorker }
    | { unwritable: string }
    | { notText: string }
  );

/**
 * Which environment variables the system may read. `inherit`: what the command may (the CLI and
 * the operator, where the person running it chose them). A list: only those, which is what the
 * MCP server grants a suite (the ones it declares), since an agent writes that code.
 */
export type UserEnv = "inherit" | readonly string[];

let envPolicy: "inherit" | { granted: ReadonlySet<string> } = "inherit";

/**
 * From now on, a system in this process reads only the variables its suite declares, and may
 * declare only those the person launching the server granted (`digline mcp --user-env`): the MCP
 * run worker calls this before it loads a suite an agent may have written.
 */
export function grantOnlyDeclaredEnv(granted: readonly string[]): void {
  envPolicy = { granted: new Set(granted) };
}

/** The variables a system gets, given what its suite declared: never one the launch did not grant. */
export function userEnv(declared: readonly string[] | undefined): UserEnv {
  if (envPolicy === "inherit") return "inherit";
  const { granted } = envPolicy;
  return (declared ?? []).filter((name) => granted.has(name));
}

/**
 * What a suite declares that the launch did not grant, with the grant that would allow it
 * (undefined where the command's own variables are inherited: the CLI and the operator).
 */
export function ungrantedUserEnv(
  declared: readonly string[],
): { names: string[]; granted: string[] } | undefined {
  if (envPolicy === "inherit") return undefined;
  const { granted } = envPolicy;
  const names = declared.filter((name) => !granted.has(name));
  return names.length === 0 ? undefined : { names, granted: [...granted] };
}

/** The Worker's permissions: reading and the network as the command has, no writing at all. */
function permissions(env: UserEnv): Deno.PermissionOptionsObject {
  return {
    read: "inherit",
    net: "inherit",
    sys: "inherit",
    import: "inherit",
    env: env === "inherit" ? "inherit" : env.length === 0 ? false : [...env],
    write: false,
    run: false,
    ffi: false,
  };
}

/** A Worker that has imported a module, and its first answer. */
interface Started {
  worker: Worker;
  opened: Opened;
  /** Where what the code prints from now on goes (stderr, prefixed; ADR 0111). */
  printed: (text: string) => void;
}

/**
 * Starts a Worker, has it import `url` and take `pick`, and waits for its answer within
 * `loadTimeoutMs` (then `onTimeout()` is thrown and the Worker stopped).
 */
export async function startUserCode(
  url: string,
  options: {
    pick: Pick;
    env: UserEnv;
    loadTimeoutMs: number;
    onTimeout: () => Error;
    /** Names the code in the prefix of what it prints. */
    who?: string;
  },
): Promise<Started> {
  const printed = printedTo(options.who ?? "system under test");
  const worker = new Worker(userCodeWorkerUrl(), {
    type: "module",
    name: "digline system under test",
    deno: { permissions: permissions(options.env) },
  });
  try {
    const answered = new Promise<Opened>((resolve, reject) => {
      worker.onmessage = (event: MessageEvent<Opened | Printed>) => {
        if (isPrinted(event.data)) printed(event.data.text);
        else resolve(event.data);
      };
      worker.onerror = (event) => {
        event.preventDefault();
        reject(new Error(event.message));
      };
    });
    worker.postMessage({ kind: "open", url, pick: options.pick });
    const opened = await withinDeadline(answered, {
      ms: options.loadTimeoutMs,
      onTimeout: options.onTimeout,
    });
    return { worker, opened, printed };
  } catch (error) {
    worker.terminate();
    throw error;
  }
}

/** An error raised in the Worker, rebuilt here with its stack so the loader can place it. */
export function rebuiltError(raised: RaisedInWorker): unknown {
  if ("value" in raised) return rebuiltValue(raised.value);
  const error = errorOfClass(raised);
  if (error.name !== raised.name) error.name = raised.name;
  error.stack = raised.stack;
  return error;
}

function rebuiltValue(value: unknown): unknown {
  if (value === null || typeof value !== "object") return value;
  const { type, text } = value as { type: string; text: string };
  const Named = { [type]: class {} }[type];
  const object = new Named();
  Object.defineProperty(object, "toString", { value: () => text });
  return object;
}

const BUILT_IN: Record<string, new (message: string) => Error> = {
  SyntaxError,
  TypeError,
  RangeError,
  ReferenceError,
  EvalError,
  URIError,
};

function errorOfClass(raised: RaisedInWorker): Error {
  if (raised.notCapable) return new Deno.errors.NotCapable(raised.message);
  if (raised.classes.includes("AssertionShapeError")) {
    return new AssertionShapeError(raised.message);
  }
  if (raised.classes.includes("RefusalError")) return new RefusalError(raised.message);
  const builtIn = BUILT_IN[raised.name];
  return builtIn === undefined ? new Error(raised.message) : new builtIn(raised.message);
}

/**
 * A target whose calls are answered by a function in a Worker. `open` starts the Worker (the
 * first call does, when nothing opened it); a Worker that fails outside any call is replaced at
 * the next one, and the calls it held fail as transport errors the driver retries.
 */
export function workerTarget(
  url: string,
  options: {
    pick: Exclude<Pick, "describe">;
    env: UserEnv;
    who: string;
    loadTimeoutMs: number;
    /** Turns what the Worker answered on opening into the error to refuse with, if any. */
    refuse(opened: Exclude<Opened, { kind: "opened" }>): Error;
    onTimeout(): Error;
  },
): Target {
  let starting: Promise<Worker> | undefined;
  // The Worker once it has opened: a call then asks it at once, with no await in between.
  let started: Worker | undefined;
  let nextId = 0;
  const pending = new Map<number, Asked>();
  const start = async (): Promise<Worker> => {
    const { worker, opened, printed } = await startUserCode(url, options);
    if (opened.kind !== "opened") {
      worker.terminate();
      throw options.refuse(opened);
    }
    worker.onmessage = (event: MessageEvent<Answer | Printed>) => {
      if (isPrinted(event.data)) printed(event.data.text);
      else answered(event.data);
    };
    worker.onerror = (event) => {
      event.preventDefault();
      worker.terminate();
      starting = undefined;
      started = undefined;
      const error = new TransportError(`${options.who}'s module failed: ${event.message}`);
      for (const [id, asked] of [...pending]) settled(id, asked).reject(error);
    };
    started = worker;
    return worker;
  };
  const opened = (): Promise<Worker> => {
    starting ??= start();
    return starting;
  };
  function settled(id: number, asked: Asked): Asked {
    pending.delete(id);
    asked.signal.removeEventListener("abort", asked.onAbort);
    return asked;
  }
  function answered(answer: Answer): void {
    const asked = pending.get(answer.id);
    if (asked === undefined) return;
    settled(answer.id, asked);
    if ("output" in answer) asked.resolve(answer.output);
    else asked.reject(answerError(answer, options.who));
  }
  // What a call keeps while it waits is kept by every call in flight, long enough to be
  // promoted: one entry and one listener, settled from the Worker's message.
  function ask(worker: Worker, vars: JsonObject, signal: AbortSignal): Promise<string> {
    if (signal.aborted) return Promise.reject(abortError(signal));
    const id = nextId++;
    return new Promise<string>((resolve, reject) => {
      const onAbort = () => {
        settled(id, asked);
        worker.postMessage({ kind: "abort", id });
        reject(abortError(signal));
      };
      const asked: Asked = { resolve, reject, signal, onAbort };
      pending.set(id, asked);
      signal.addEventListener("abort", onAbort, { once: true });
      try {
        worker.postMessage({ kind: "call", id, vars });
      } catch (error) {
        settled(id, asked);
        reject(
          new TransportError(`${options.who}'s input could not be handed to it: ${error}`),
        );
      }
    });
  }
  return {
    settlesOnAbort: true,
    async open(): Promise<void> {
      await opened();
    },
    call(vars: JsonObject, callOptions: CallOptions): Promise<string> {
      const { signal } = callOptions;
      if (started !== undefined) return ask(started, vars, signal);
      // Not opened yet: the wait for the Worker ends when the signal aborts, as the call does.
      return new Promise<Worker>((resolve, reject) => {
        const onAbort = () => reject(abortError(signal));
        signal.addEventListener("abort", onAbort, { once: true });
        opened().then(resolve, reject).finally(() => {
          signal.removeEventListener("abort", onAbort);
        });
      }).then((worker) => ask(worker, vars, signal));
    },
    async close(): Promise<void> {
      const worker = await starting?.catch(() => undefined);
      worker?.terminate();
      starting = undefined;
      started = undefined;
    },
  };
}

/** A call waiting for the Worker's answer. */
interface Asked {
  resolve(output: string): void;
  reject(error: Error): void;
  signal: AbortSignal;
  onAbort(): void;
}

function answerError(answer: Exclude<Answer, { output: string }>, who: string): TransportError {
  if ("threw" in answer) return new TransportError(`${who} threw: ${answer.threw.message}`);
  if ("unwritable" in answer) {
    return new TransportError(
      `${who} returned a value that can not be written as JSON: ${answer.unwritable}`,
    );
  }
  return new TransportError(`${who} returned ${answer.notText} instead of a string`);
}
