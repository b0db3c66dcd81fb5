/**
 * The source of the Worker a system under test runs in: a module target, and a suite written
 * in code (its top level, then its target function). It is plain JavaScript in a blob, so the
 * bundle and the compiled binary carry it with the code that starts it (ADR 0083).
 *
 * @module
 */
import { MAX_NESTING_DEPTH } from "../../core/limits.ts";
import { LOCKDOWN_IMPORTS, lockdownExpression } from "./lockdown.ts";

// Why a suite's functions are sent as markers: a function can not cross to the parent, and the
// parent needs only to know one was there (the check runs in the check sandbox by its id, the
// target here by its place).
const SOURCE = `${LOCKDOWN_IMPORTS}
const { post, listen } = ${lockdownExpression({ sealChannel: false, noCodeFromStrings: false })};
const FUNCTION = "__digline_function__";
const SUITE = Symbol.for("digline.suite-definition");
const calls = new Map();
let answer;

function described(error) {
  const stack = error instanceof Error ? String(error.stack ?? "") : "";
  return {
    name: error instanceof Error ? error.name : "Error",
    message: error instanceof Error ? error.message : String(error),
    stack: stack.split("\\n").filter((line) => !line.includes("blob:")).join("\\n"),
    notCapable: typeof Deno !== "undefined" && error instanceof Deno.errors.NotCapable,
    exitCode: error?.digline_exit,
    classes: classes(error),
    ...(error instanceof Error ? {} : { value: thrownValue(error) }),
  };
}

function thrownValue(value) {
  if (value === null || typeof value !== "object") {
    return typeof value === "symbol" || typeof value === "function" ? String(value) : value;
  }
  return { type: value.constructor?.name ?? "object", text: String(value) };
}

function classes(error) {
  const names = [];
  for (let at = error; at !== null && typeof at === "object"; at = Object.getPrototypeOf(at)) {
    const name = at.constructor?.name;
    if (typeof name === "string" && name !== "Object") names.push(name);
  }
  return names;
}

// A value nested as deep as the loader refuses (MAX_NESTING_DEPTH) stops the copy, which names
// its key for the loader's refusal: a copy by recursion of a value nested thousands deep would
// overflow the stack first.
class TooDeep {
  constructor(path) {
    this.path = path;
  }
}

function plain(value, seen = new Map(), path = []) {
  if (typeof value === "function") {
    return { [FUNCTION]: value.name ?? "", source: Function.prototype.toString.call(value) };
  }
  if (value === null || typeof value !== "object") return value;
  if (path.length >= ${MAX_NESTING_DEPTH}) throw new TooDeep(path.slice(0, 3));
  if (seen.has(value)) return seen.get(value);
  const list = Array.isArray(value);
  const copy = list ? [] : {};
  seen.set(value, copy);
  for (const key of Object.keys(value)) {
    path.push(list ? Number(key) : key);
    copy[key] = plain(value[key], seen, path);
    path.pop();
  }
  return copy;
}

async function load(url) {
  const exit = Deno.exit;
  Deno.exit = (code) => {
    const error = new Error("exit");
    error.digline_exit = code ?? 0;
    throw error;
  };
  try {
    return await import(url);
  } finally {
    Deno.exit = exit;
  }
}

function exportsOf(namespace) {
  return Object.keys(namespace).sort();
}

function suiteTarget(suite) {
  const target = suite?.target;
  if (typeof target === "function") return target;
  if (target !== null && typeof target === "object" && typeof target.fn === "function") {
    return target.fn;
  }
  return undefined;
}

async function open(message) {
  let namespace;
  try {
    namespace = await load(message.url);
  } catch (error) {
    return { kind: "failed", error: described(error) };
  }
  if (message.pick === "describe") {
    const suite = namespace.suite;
    const defined = suite !== null && typeof suite === "object" && suite[SUITE] === true;
    const described = { kind: "described", exports: exportsOf(namespace), present: suite !== undefined };
    try {
      return { ...described, suite: defined ? plain(suite) : undefined };
    } catch (error) {
      if (error instanceof TooDeep) return { ...described, tooDeep: error.path };
      throw error;
    }
  }
  const value = message.pick === "suite-target"
    ? suiteTarget(namespace.suite)
    : namespace[message.pick.export];
  if (typeof value !== "function") {
    return {
      kind: "shape",
      exports: exportsOf(namespace),
      type: value === undefined ? undefined : typeof value,
    };
  }
  answer = value;
  return { kind: "opened" };
}

function text(value) {
  if (typeof value === "string") return { output: value };
  let json;
  try {
    json = JSON.stringify(value);
  } catch (error) {
    return { unwritable: error instanceof Error ? error.message : String(error) };
  }
  return json === undefined ? { notText: String(value) } : { output: json };
}

async function call(message) {
  const controller = new AbortController();
  calls.set(message.id, controller);
  try {
    const value = await answer(message.vars, { signal: controller.signal });
    post({ kind: "answer", id: message.id, ...text(value) });
  } catch (error) {
    post({ kind: "answer", id: message.id, threw: described(error) });
  } finally {
    calls.delete(message.id);
  }
}

self.addEventListener("unhandledrejection", (event) => event.preventDefault());
listen(async (message) => {
  if (message.kind === "open") post(await open(message));
  else if (message.kind === "call") await call(message);
  else if (message.kind === "abort") calls.get(message.id)?.abort(message.reason);
});
`;

/** The marker a function of a suite takes on its way back from the Worker. */
export const FUNCTION_MARKER = "__digline_function__";

let url: string | undefined;

/** The Worker's module, as a blob URL made once per process. */
export function userCodeWorkerUrl(): string {
  url ??= URL.createObjectURL(new Blob([SOURCE], { type: "text/javascript" }));
  return url;
}
