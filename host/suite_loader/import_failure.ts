import { relative } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { AssertionShapeError, RefusalError } from "../../core/errors.ts";
import { PermissionRefusedError, SuiteRaisedError } from "../process/refusals.ts";
import { parseStackFrames, type StackFrame, stripAnsi } from "./stack_frames.ts";

/** digline's own source: the repository root, two folders above this file. */
const DIGLINE_ROOT = new URL("../../", import.meta.url).href;
/** The folders (and the one file) at the root that are digline's code, not its examples or tests. */
const DIGLINE_PARTS = new Set(["core", "host", "cli", "mcp", "operator", "mod.ts"]);
/** The loader's own folder: its frames are the import call, never the cause of a failure. */
const LOADER_DIR = new URL("./", import.meta.url).href;
/** The deadline the import races: its frame is the import's await, never the cause either. */
const LOAD_DEADLINE = new URL("../user_code/load_deadline.ts", import.meta.url).href;

/** A message longer than this is cut, so the refusal stays one readable line. */
const MESSAGE_LIMIT = 200;

/** The suite whose import failed, and where the user stands. */
export interface ImportFailureContext {
  /** The suite module's absolute path. */
  file: string;
  /** The suite as the user named it. */
  source: string;
  /** The folder paths are shown relative to, and the reproduce command is run from. */
  cwd: string;
  /** Whether `cwd` is not the process's own, so the reproduce command must `cd` there first. */
  needsCd?: boolean;
}

/**
 * Decides who answers for an exception raised while a suite module was imported, by who raised
 * it: a refusal passes unchanged (64); an exception whose innermost frame is digline's own code
 * is returned unchanged, since the missing sentence is digline's defect (70); anything else is
 * the suite's, or a library's it imports, and becomes SuiteRaisedError with its location (64).
 * A permission Deno refused becomes PermissionRefusedError, naming the flag.
 */
export function refuseImportFailure(error: unknown, context: ImportFailureContext): unknown {
  if (error instanceof SuiteRaisedError) return error;
  if (error instanceof RefusalError) return locateRefusal(error, context);
  if (error instanceof Deno.errors.NotCapable) {
    return PermissionRefusedError.fromNotCapable(error, {
      fallback: context.source,
      context: `while loading suite ${context.source}`,
    });
  }
  const stack = error instanceof Error ? error.stack ?? "" : "";
  const frames = parseStackFrames(stack).filter((f) => {
    const url = toUrl(f.file);
    return !url.startsWith(LOADER_DIR) && url !== LOAD_DEADLINE;
  });
  // A module that does not link (a name declared twice) has no frame of its own: V8 names the
  // place in the message, and that place is the innermost one.
  const compileSite = syntaxErrorSite(error);
  if (compileSite !== undefined) frames.unshift(compileSite);
  const innermost = frames[0];
  if (innermost !== undefined && isDiglineSource(innermost.file, context)) return error;
  const suiteUrl = pathToFileURL(context.file).href;
  const suiteFrame = frames.find((f) => toUrl(f.file) === suiteUrl);
  const { type, message } = describeThrown(error);
  return new SuiteRaisedError(context.source, {
    errorType: type,
    errorMessage: message,
    innermost: innermost === undefined ? context.source : showFrame(innermost, context.cwd),
    ...(suiteFrame === undefined || suiteFrame === innermost
      ? {}
      : { suiteFrame: showFrame(suiteFrame, context.cwd) }),
    reproduce: reproduceCommand(suiteUrl, context),
    cause: error,
  });
}

/**
 * A refusal digline raised while the suite module called it (a malformed assertion, say) is
 * the suite's mistake: it keeps its words and gains the type, the suite's line that made the
 * call, and the command that prints the traceback.
 */
function locateRefusal(error: Error, context: ImportFailureContext): Error {
  const suiteUrl = pathToFileURL(context.file).href;
  const suiteFrame = parseStackFrames(error.stack ?? "").find((f) => toUrl(f.file) === suiteUrl);
  if (suiteFrame === undefined) return error;
  const { type, message } = describeThrown(error);
  const located = new SuiteRaisedError(context.source, {
    errorType: type,
    errorMessage: message,
    innermost: showFrame(suiteFrame, context.cwd),
    reproduce: reproduceCommand(suiteUrl, context),
    cause: error,
  });
  // A library caller that catches AssertionShapeError still catches it.
  return error instanceof AssertionShapeError ? new AssertionShapeError(located.message) : located;
}

/**
 * Whether a frame's file is digline's own code. Examples, tests and installed packages live
 * under the same root and are not; nor is a suite kept inside one of digline's folders.
 */
function isDiglineSource(file: string, context: ImportFailureContext): boolean {
  const url = toUrl(file);
  if (!url.startsWith(DIGLINE_ROOT)) return false;
  const suiteDir = new URL("./", pathToFileURL(context.file)).href;
  if (suiteDir !== DIGLINE_ROOT && url.startsWith(suiteDir)) return false;
  return DIGLINE_PARTS.has(url.slice(DIGLINE_ROOT.length).split("/")[0]);
}

/** Where a SyntaxError raised while a module links says it is: "... at URL:LINE:COLUMN". */
function syntaxErrorSite(error: unknown): StackFrame | undefined {
  if (!(error instanceof SyntaxError)) return undefined;
  const site = /\bat ((?:file|https?):\/\/\S+):(\d+):(\d+)\s*$/.exec(
    stripAnsi(error.message.split("\n")[0]),
  );
  if (site === null) return undefined;
  return { file: site[1], line: Number(site[2]), column: Number(site[3]) };
}

function describeThrown(error: unknown): { type: string; message: string } {
  if (!(error instanceof Error)) {
    const type = error === null
      ? "null"
      : typeof error === "object"
      ? error.constructor?.name ?? "object"
      : typeof error;
    return { type, message: firstLine(String(error)) };
  }
  const message = firstLine(error.message);
  // Deno reports a module that does not parse as a TypeError whose message starts with the
  // real type; the user wrote a syntax error, so that is what they are told.
  const inner = /^(SyntaxError): (.*)$/.exec(message);
  if (error.name === "TypeError" && inner !== null) return { type: inner[1], message: inner[2] };
  return { type: error.name || error.constructor.name, message };
}

/** The message on one line: its first line, or all of it when that line says nothing. */
function firstLine(text: string): string {
  const plain = stripAnsi(text);
  const first = plain.split("\n").map((l) => l.trim()).find((l) => l !== "") ?? "";
  // A message that opens with a bracket (a ZodError's JSON) carries its words further down.
  if (/[A-Za-z]/.test(first)) return first;
  const whole = plain.replace(/\s+/g, " ").trim();
  return whole.length > MESSAGE_LIMIT ? `${whole.slice(0, MESSAGE_LIMIT - 3)}...` : whole;
}

function toUrl(file: string): string {
  return /^[a-z][a-z0-9+.-]*:\/\//i.test(file) ? file : pathToFileURL(file).href;
}

/** `file:line`, with the file relative to the working directory when that is shorter. */
function showFrame(frame: StackFrame, cwd: string): string {
  const url = toUrl(frame.file);
  if (!url.startsWith("file:")) return `${url}:${frame.line}`;
  const path = fileURLToPath(url);
  const near = relative(cwd, path);
  return `${near.length < path.length ? near : path}:${frame.line}`;
}

/**
 * A command that imports the suite module alone with Deno, which prints the full traceback.
 * Characters a shell would read inside double quotes are percent-encoded: the URL still names
 * the same file.
 */
function reproduceCommand(suiteUrl: string, context: ImportFailureContext): string {
  const safe = suiteUrl.replace(
    /["'$`\\!]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  const config = sourceConfig();
  const command = `deno eval ${
    config === undefined ? "" : `--config ${shellWord(config)} `
  }"await import('${safe}')"`;
  return context.needsCd ? `cd ${shellWord(context.cwd)} && ${command}` : command;
}

/**
 * The deno.json digline runs under when it runs from its source (`deno task digline`): a suite
 * that imports digline's modules resolves their imports through it, and `deno eval` with no
 * config can not. The bundle holds its dependencies, so it needs none (and the user's project
 * config, found from the folder, is the one that resolves `"digline"`).
 */
function sourceConfig(): string | undefined {
  const here = import.meta.url;
  if (!here.startsWith("file:") || !here.endsWith("/host/suite_loader/import_failure.ts")) {
    return undefined;
  }
  const config = fileURLToPath(new URL("../../deno.json", here));
  try {
    return Deno.statSync(config).isFile ? config : undefined;
  } catch {
    return undefined;
  }
}

function shellWord(text: string): string {
  return /^[\w./:@%+-]+$/.test(text) ? text : `'${text.replaceAll("'", `'\\''`)}'`;
}
