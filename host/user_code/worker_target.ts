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
  let nextId = 0;
  const pending = new Map<number, { settle(answer: Answer): void; fail(error: Error): void }>();
  const start = async (): Promise<Worker> => {
    const { worker, opened, printed } = await startUserCode(url, options);
    if (opened.kind !== "opened") {
      worker.terminate();
      throw options.refuse(opened);
    }
    worker.onmessage = (event: MessageEvent<Answer | Printed>) => {
      if (isPrinted(event.data)) printed(event.data.text);
      else pending.get(event.data.id)?.settle(event.data);
    };
    worker.onerror = (event) => {
      event.preventDefault();
      worker.terminate();
      starting = undefined;
      const error = new TransportError(`${options.who}'s module failed: ${event.message}`);
      for (const entry of [...pending.values()]) entry.fail(error);
    };
    return worker;
  };
  const opened = (): Promise<Worker> => {
    starting ??= start();
    return starting;
  };
  return {
    async open(): Promise<void> {
      await opened();
    },
    async call(vars: JsonObject, callOptions: CallOptions): Promise<string> {
      const worker = await opened();
      const { signal } = callOptions;
      if (signal.aborted) throw abortError(signal);
      const id = nextId++;
      const answer = await new Promise<Answer>((resolve, reject) => {
        const onAbort = () => {
          done();
          worker.postMessage({ kind: "abort", id });
          reject(abortError(signal));
        };
        const done = () => {
          pending.delete(id);
          signal.removeEventListener("abort", onAbort);
        };
        pending.set(id, {
          settle: (answer) => {
            done();
            resolve(answer);
          },
          fail: (error) => {
            done();
            reject(error);
          },
        });
        signal.addEventListener("abort", onAbort, { once: true });
        try {
          worker.postMessage({ kind: "call", id, vars });
        } catch (error) {
          done();
          reject(
            new TransportError(`${options.who}'s input could not be handed to it: ${error}`),
          );
        }
      });
      if ("output" in answer) return answer.output;
      if ("threw" in answer) {
        throw new TransportError(`${options.who} threw: ${answer.threw.message}`);
      }
      if ("unwritable" in answer) {
        throw new TransportError(
          `${options.who} returned a value that can not be written as JSON: ${answer.unwritable}`,
        );
      }
      throw new TransportError(`${options.who} returned ${answer.notText} instead of a string`);
    },
    async close(): Promise<void> {
      const worker = await starting?.catch(() => undefined);
      worker?.terminate();
      starting = undefined;
    },
  };
}
