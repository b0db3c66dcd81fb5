import { join } from "node:path";
import { isRunSynopsis, type RunSynopsis } from "../core/run/run_synopsis.ts";
import { readWholeFile } from "./read_named_file.ts";
import { decodeUtf8 } from "./utf8.ts";

/**
 * Each suite's folder of runs keeps `.index.jsonl`, one synopsis line per run, so `list`, `view`
 * and `log` read one small file instead of every document. The documents stay the truth: a line
 * that is torn or fails its schema is skipped, a run the index lacks (copied in from a CI
 * artefact, say) is read once and added, and a line whose document is gone is not shown.
 */
export function indexPath(suiteDir: string): string {
  return join(suiteDir, ".index.jsonl");
}

/**
 * An index read back. Its lines are parsed only when asked for: `list` shows the newest twenty
 * runs of perhaps ten thousand, and parsing every line was most of what a listing cost.
 */
export interface RunIndex {
  /** The run's synopsis from its last line, or undefined when no line for it holds. */
  synopsis(runId: string): Promise<RunSynopsis | undefined>;
  /** Whether a kill left the last line torn. */
  torn: boolean;
}

// Lines are written by JSON.stringify of a synopsis, whose first key is run_id: the id is read
// off the front of the line without parsing it. A line of any other shape is parsed whole.
const LEADING_KEY = '{"run_id":"';

/** The lines an index holds, by run id; the last line for an id wins. Empty when absent. */
export function readRunIndex(suiteDir: string): RunIndex {
  const lines = new Map<string, string>();
  const none: RunIndex = { synopsis: () => Promise.resolve(undefined), torn: false };
  let bytes: Uint8Array;
  try {
    bytes = readWholeFile(indexPath(suiteDir));
  } catch (error) {
    if (error instanceof Deno.errors.NotFound) return none;
    throw error;
  }
  const decoded = decodeUtf8(bytes);
  // An index is only ever written as UTF-8: bytes that are not mean it was damaged, and every
  // run is read from its document again.
  if ("fault" in decoded) return none;
  const text = decoded.text;
  for (let start = 0; start < text.length;) {
    const newline = text.indexOf("\n", start);
    const end = newline === -1 ? text.length : newline;
    if (end > start) {
      const line = text.slice(start, end);
      const id = leadingRunId(line) ?? runIdOf(line);
      if (id !== undefined) lines.set(id, line);
    }
    start = end + 1;
  }
  return {
    synopsis: async (runId) => {
      const line = lines.get(runId);
      return line === undefined ? undefined : await parseLine(line, runId);
    },
    torn: text !== "" && !text.endsWith("\n"),
  };
}

function leadingRunId(line: string): string | undefined {
  if (!line.startsWith(LEADING_KEY)) return undefined;
  const close = line.indexOf('"', LEADING_KEY.length);
  const id = line.slice(LEADING_KEY.length, close);
  return close === -1 || id.includes("\\") ? undefined : id;
}

function runIdOf(line: string): string | undefined {
  try {
    const json: unknown = JSON.parse(line);
    if (typeof json === "object" && json !== null && "run_id" in json) {
      return typeof json.run_id === "string" ? json.run_id : undefined;
    }
  } catch {
    // A torn line names no run.
  }
  return undefined;
}

async function parseLine(line: string, runId: string): Promise<RunSynopsis | undefined> {
  let json: unknown;
  try {
    json = JSON.parse(line);
  } catch {
    return undefined;
  }
  if (isRunSynopsis(json)) return json.run_id === runId ? json : undefined;
  // zod and the schemas cost a listing about 200 ms to load; only a line the hand check
  // refuses needs them.
  const { RunSynopsisSchema } = await import("../core/run/run_synopsis_schema.ts");
  const parsed = RunSynopsisSchema.safeParse(json);
  return parsed.success && parsed.data.run_id === runId ? parsed.data : undefined;
}

/**
 * Appends synopses in one write, after a newline when the last line was torn so the first is not
 * glued to it. A refused write is not the caller's failure: the documents are stored, and the
 * next listing reads what the index lacks.
 */
export async function appendToRunIndex(
  suiteDir: string,
  options: { rows: readonly RunSynopsis[]; afterTornLine?: boolean },
): Promise<void> {
  if (options.rows.length === 0) return;
  const text = (options.afterTornLine ? "\n" : "") +
    options.rows.map((row) => JSON.stringify(row) + "\n").join("");
  try {
    await Deno.writeTextFile(indexPath(suiteDir), text, { append: true });
  } catch (error) {
    if (error instanceof Deno.errors.NotCapable || error instanceof Deno.errors.PermissionDenied) {
      return;
    }
    throw error;
  }
}
