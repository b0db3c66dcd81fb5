/**
 * The first code that runs in a Worker holding code digline did not write (the system under
 * test, a suite's top level, custom checks): it takes away every way to print to the
 * process's own stdout and stderr or to read its stdin, and every store that outlives the
 * process, before the user's module is imported (ADR 0111).
 *
 * A Worker shares the process's file descriptors 1 and 2, and under `digline mcp` stdout is the
 * JSON-RPC channel: one line printed there is a forged answer. Replacing `console` is not enough
 * (`Deno.stdout`, `node:process`, `node:fs`'s descriptors, a pipe opened on descriptor 1, a
 * nested Worker with stdio of its own all reach it), so the Worker's own handles on 1 and 2 are
 * closed, the routes that open new ones are shut, and what the code prints through the usual
 * routes is captured and handed to the parent, which writes it to stderr with a prefix.
 *
 * @module
 */

/** How much of what a Worker prints is kept, in UTF-16 code units; the rest is dropped. */
export const PRINT_LIMIT = 64 * 1024;

/** The message a Worker sends with what its code printed. */
export interface Printed {
  kind: "printed";
  text: string;
}

/**
 * The lockdown as JavaScript that evaluates to `{ post, print, listen }`: the Worker's real
 * postMessage, the capture for printed text, and a way to receive only the parent's messages.
 * With `sealChannel`, the code in the Worker can no longer post messages to the parent itself
 * and can not synthesise a message it would receive (the check sandbox, whose answers are
 * verdicts); with `noCodeFromStrings`, `eval` and the Function constructors refuse. With
 * `portFromWorkerData`, the channel is the MessagePort a node worker thread was handed in its
 * `workerData.port`, taken out of `workerData` before the user's code can read it: a thread
 * started inside a Worker hears its parent's first message about half a second late, a port
 * at once.
 */
export function lockdownExpression(
  options: { sealChannel: boolean; noCodeFromStrings: boolean; portFromWorkerData?: boolean },
): string {
  return `(() => {
  const apply = Reflect.apply;
  const define = Object.defineProperty;
  const protoOf = Object.getPrototypeOf;
  const hasOwn = Object.hasOwn;
  const describe = Object.getOwnPropertyDescriptor;
  const inspect = Deno.inspect;
  const decoder = new TextDecoder();
  const port = ${
    options.portFromWorkerData === true ? "__digline_worker_threads.workerData?.port" : "undefined"
  };
  if (port !== undefined) delete __digline_worker_threads.workerData.port;
  const channel = port ?? globalThis;
  const realPost = port === undefined ? globalThis.postMessage : MessagePort.prototype.postMessage;
  const realStart = MessagePort.prototype.start;
  const realAddListener = EventTarget.prototype.addEventListener;
  const trusted = describe(Event.prototype, "isTrusted").get;
  const post = (message, transfer) => apply(realPost, channel, transfer === undefined ? [message] : [message, transfer]);
  let left = ${PRINT_LIMIT};
  const print = (text) => {
    if (left <= 0 || text.length === 0) return;
    const kept = text.length > left ? text.slice(0, left) : text;
    left -= kept.length;
    post({ kind: "printed", text: left <= 0 ? kept + "\\n[digline: the rest of what it printed was dropped]\\n" : kept });
  };
  const bytes = (chunk) => typeof chunk === "string" ? chunk : decoder.decode(chunk);
  const seal = (owner, name, value) => define(owner, name, { value, writable: false, configurable: false, enumerable: false });
  const refused = (what) => function () {
    throw new Error(what + " is not available here: digline's channels are digline's (ADR 0111)");
  };

  // The Worker's own handles on descriptors 1 and 2 (Deno.stdout, console's print, node's
  // process.stdout and fs descriptors all write through them).
  const fs = __digline_fs;
  // Stdin too: under digline mcp it carries the client's requests, which a read here would take.
  for (const stream of [Deno.stdin, Deno.stdout, Deno.stderr]) {
    try { stream.close(); } catch { /* already closed */ }
  }
  for (const fd of [0, 1, 2]) {
    try { fs.closeSync(fd); } catch { /* already closed */ }
  }

  const line = (args) => args.map((a) => typeof a === "string" ? a : inspect(a)).join(" ") + "\\n";
  const counts = new Map();
  const timers = new Map();
  const quiet = {};
  for (const name of ["log", "info", "debug", "warn", "error", "trace", "dir", "dirxml", "table", "group", "groupCollapsed"]) {
    quiet[name] = (...args) => print(line(args));
  }
  quiet.assert = (condition, ...args) => { if (!condition) print(line(["Assertion failed:", ...args])); };
  quiet.count = (label = "default") => { const n = (counts.get(label) ?? 0) + 1; counts.set(label, n); print(label + ": " + n + "\\n"); };
  quiet.countReset = (label = "default") => counts.delete(label);
  quiet.time = (label = "default") => timers.set(label, performance.now());
  quiet.timeLog = (label = "default", ...args) => print(line([label + ": " + (performance.now() - (timers.get(label) ?? 0)) + "ms", ...args]));
  quiet.timeEnd = (label = "default") => { quiet.timeLog(label); timers.delete(label); };
  for (const name of ["groupEnd", "clear", "profile", "profileEnd", "timeStamp"]) quiet[name] = () => {};
  globalThis.console = quiet;

  const stand = (name) => ({
    rid: undefined,
    write: (chunk) => { print(bytes(chunk)); return Promise.resolve(chunk.byteLength); },
    writeSync: (chunk) => { print(bytes(chunk)); return chunk.byteLength; },
    writable: new WritableStream({ write: (chunk) => print(bytes(chunk)) }),
    isTerminal: () => false,
    setRaw: refused(name + ".setRaw"),
    close: () => {},
  });
  seal(Deno, "stdout", stand("Deno.stdout"));
  seal(Deno, "stderr", stand("Deno.stderr"));
  seal(Deno, "stdin", {
    rid: undefined,
    read: () => Promise.resolve(null),
    readSync: () => null,
    readable: new ReadableStream({ start: (controller) => controller.close() }),
    isTerminal: () => false,
    setRaw: refused("Deno.stdin.setRaw"),
    close: () => {},
  });

  const process = __digline_process;
  const { Readable, Writable } = __digline_stream;
  for (const name of ["stdout", "stderr"]) {
    const stream = new Writable({ write(chunk, _encoding, done) { print(bytes(chunk)); done(); } });
    stream.isTTY = false;
    stream.fd = undefined;
    define(process, name, { value: stream, writable: false, configurable: false });
  }
  const stdin = Readable.from([]);
  stdin.isTTY = false;
  stdin.fd = undefined;
  define(process, "stdin", { value: stdin, writable: false, configurable: false });

  // Handles opened on a descriptor the code names (a pipe on 1, a socket digline holds), and
  // Workers, whose stdio is the process's again.
  for (const [binding, name] of [["pipe_wrap", "Pipe"], ["tcp_wrap", "TCP"], ["udp_wrap", "UDP"]]) {
    seal(process.binding(binding)[name].prototype, "open", refused(name + ".open(fd)"));
  }
  // A tty handle opens any descriptor it is given, a pipe included, and node:tty holds the class
  // itself: its writes are refused, the handle told by the class's own native check (a prototype
  // can be swapped, the check can not), and process.binding no longer hands the class out.
  const binding = process.binding;
  const { TTY } = apply(binding, process, ["tty_wrap"]);
  const windowSize = TTY.prototype.getWindowSize;
  const isTty = (handle) => {
    try {
      apply(windowSize, handle, [[0, 0]]);
      return true;
    } catch {
      return false;
    }
  };
  const streamWrap = protoOf(TTY.prototype);
  for (const name of ["writeBuffer", "writev", "writeUtf8String", "writeAsciiString", "writeLatin1String", "writeUcs2String"]) {
    const write = streamWrap[name];
    seal(streamWrap, name, function (...args) {
      if (isTty(this)) refused("writing a terminal's handle")();
      return apply(write, this, args);
    });
  }
  const noTty = { ...apply(binding, process, ["tty_wrap"]), TTY: refused("the tty binding") };
  for (let at = process; at !== null; at = protoOf(at)) {
    if (hasOwn(at, "binding")) {
      define(at, "binding", { value: (name) => name === "tty_wrap" ? noTty : apply(binding, process, [name]), writable: false, configurable: false });
    }
  }
  seal(globalThis, "Worker", refused("Worker"));
  const { EventEmitter } = __digline_events;
  const NodeWorker = __digline_worker_threads.Worker;
  const init = EventEmitter.init;
  seal(EventEmitter, "init", function (...args) {
    if (this instanceof NodeWorker) refused("node:worker_threads' Worker")();
    return apply(init, this, args);
  });
  try { delete Deno[Deno.internal]; } catch { /* not there */ }

  // Storage that outlives the process: state one run leaves for the next, outside every grant.
  for (const name of ["caches", "localStorage", "sessionStorage", "indexedDB"]) {
    for (let at = globalThis; at !== null; at = protoOf(at)) {
      if (hasOwn(at, name)) define(at, name, { value: undefined, writable: false, configurable: false });
    }
    if (globalThis[name] !== undefined) seal(globalThis, name, undefined);
  }
  if (Deno.openKv !== undefined) seal(Deno, "openKv", refused("Deno.openKv"));
${
    options.noCodeFromStrings
      ? `
  // Code made from a string at run time: an import() the module's text does not show.
  const noCode = refused("code from a string (eval, new Function)");
  seal(globalThis, "eval", noCode);
  for (const sample of [function () {}, async function () {}, function* () {}, async function* () {}]) {
    seal(protoOf(sample), "constructor", noCode);
  }
  seal(globalThis, "Function", noCode);
`
      : ""
  }
  const listen = (handle) => {
    apply(realAddListener, channel, ["message", (event) => {
      if (apply(trusted, event, []) !== true) return;
      handle(event.data);
    }]);
    if (port === undefined) return;
    apply(realStart, port, []);
    // A port alone does not keep a thread alive: its parent's channel, heard and ignored, does.
    apply(realAddListener, globalThis, ["message", () => {}]);
  };
${
    options.sealChannel
      ? `
  // Only digline's dispatcher answers the parent: a check that posted for itself could answer
  // for another case's check.
  for (let at = globalThis; at !== null; at = protoOf(at)) {
    if (hasOwn(at, "postMessage")) define(at, "postMessage", { value: refused("postMessage"), writable: false, configurable: false });
  }
`
      : ""
  }
  return { post, print, listen };
})()`;
}

/** The static imports the lockdown uses: a Worker loads them before the user's module. */
export const LOCKDOWN_IMPORTS = `import * as __digline_fs from "node:fs";
import __digline_process from "node:process";
import * as __digline_stream from "node:stream";
import * as __digline_events from "node:events";
import * as __digline_worker_threads from "node:worker_threads";
`;
