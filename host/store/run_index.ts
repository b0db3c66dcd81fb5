import { join } from "node:path";
import type { RunSynopsis } from "../../core/run/run_synopsis.ts";
import { parseDocument } from "../../core/documents/read_document.ts";
import { RUN_SYNOPSIS } from "./stored_kinds.ts";
import { decodeUtf8 } from "../files/utf8.ts";
import { translateWriteError } from "../files/write_failure.ts";

/**
 * Each suite's folder of runs keeps `.index.jsonl`, one synopsis line per run, so `list`, `view`
 * and `log` read one small file instead of every document. The index is also the store's word for
 * which runs it wrote (ADR 0113): a run it does not list (copied in, committed by a pull request)
 * is shown as such, never added to it and never `latest`. A line that is torn or fails its schema
 * still lists its run, whose document is read for its synopsis, and a line whose document is
 * gone is not shown.
 */
export function indexPath(suiteDir: string): string {
  return join(suiteDir, ".index.jsonl");
}

/**
 * An index read back. Its lines are parsed only when asked for: `list` shows the newest twenty
 * runs of perhaps ten thousand, and parsing every line was most of what a listing cost.
 */
export interface RunIndex {
  /** A wanted run's synopsis from its last line, or undefined when no line for it holds. */
  synopsis(runId: string): Promise<RunSynopsis | undefined>;
  /** What a wanted run's document was when it was stored, as its last line records it. */
  stored(runId: string): Promise<StoredAs | undefined>;
  /** Whether a line names the wanted run at all: whether this store wrote it. */
  listed(runId: string): boolean;
  /** Whether a kill left the last line torn. */
  torn: boolean;
}

// Lines are written by JSON.stringify of a synopsis, whose first key is run_id: the id is read
// off the front of the line without parsing it. A line of any other shape is parsed whole.
const LEADING_KEY = '{"run_id":"';
// The index is read from its end in pieces this large: the newest runs' lines are its last.
const PIECE = 64 * 1024;
const NEWLINE = 0x0a;

/**
 * The last line of each wanted run in a suite's index. The index is read backwards from its end
 * and only as far as the wanted runs' lines go, so listing the newest twenty of ten thousand runs
 * reads a few kilobytes; a run with no line is looked for to the start. Empty when absent.
 */
export function readRunIndex(suiteDir: string, wanted: ReadonlySet<string>): RunIndex {
  const none: RunIndex = {
    synopsis: () => Promise.resolve(undefined),
    stored: () => Promise.resolve(undefined),
    listed: () => false,
    torn: false,
  };
  let file: Deno.FsFile;
  try {
    file = Deno.openSync(indexPath(suiteDir), { read: true });
  } catch (error) {
    if (error instanceof Deno.errors.NotFound) return none;
    throw error;
  }
  const lines = new Map<string, string>();
  let torn = false;
  try {
    let end = file.statSync().size;
    torn = end > 0 && readAt(file, { start: end - 1, length: 1 })[0] !== NEWLINE;
    // The start of a line whose beginning is in a piece not read yet.
    let carried: Uint8Array = new Uint8Array(0);
    while (end > 0 && lines.size < wanted.size) {
      const start = Math.max(0, end - PIECE);
      const bytes = joined(readAt(file, { start, length: end - start }), carried);
      // Bytes before the piece's first newline may belong to a line that began earlier.
      const whole = start === 0 ? 0 : bytes.indexOf(NEWLINE) + 1;
      carried = bytes.subarray(0, whole);
      end = start;
      if (whole === 0 && start > 0) {
        carried = bytes;
        continue;
      }
      const decoded = decodeUtf8(bytes.subarray(whole));
      // An index is only ever written as UTF-8: bytes that are not mean it was damaged, and
      // every run is read from its document again.
      if ("fault" in decoded) return none;
      const pieceLines = decoded.text.split("\n");
      for (let i = pieceLines.length - 1; i >= 0; i--) {
        const line = pieceLines[i];
        if (line === "") continue;
        const id = leadingRunId(line) ?? runIdOf(line);
        if (id !== undefined && wanted.has(id) && !lines.has(id)) lines.set(id, line);
      }
    }
  } finally {
    file.close();
  }
  const parsed = new Map<string, Promise<IndexLine | undefined>>();
  const lineOf = (runId: string) => {
    const line = lines.get(runId);
    if (line === undefined) return Promise.resolve(undefined);
    let entry = parsed.get(runId);
    if (entry === undefined) parsed.set(runId, entry = parseLine(line, runId));
    return entry;
  };
  return {
    synopsis: async (runId) => (await lineOf(runId))?.synopsis,
    stored: async (runId) => (await lineOf(runId))?.stored,
    listed: (runId) => lines.has(runId),
    torn,
  };
}

function readAt(file: Deno.FsFile, range: { start: number; length: number }): Uint8Array {
  const buffer = new Uint8Array(range.length);
  file.seekSync(range.start, Deno.SeekMode.Start);
  let filled = 0;
  while (filled < buffer.length) {
    const read = file.readSync(buffer.subarray(filled));
    if (read === null) break;
    filled += read;
  }
  return buffer.subarray(0, filled);
}

function joined(head: Uint8Array, tail: Uint8Array): Uint8Array {
  if (tail.length === 0) return head;
  const both = new Uint8Array(head.length + tail.length);
  both.set(head);
  both.set(tail, head.length);
  return both;
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

/**
 * What a document was as it was stored: its size, checked by a stat on every listing, and its
 * CRC-32, checked by `verify --whole-store`. Lines written before these were recorded have neither,
 * and their runs are read whole.
 */
export interface StoredAs {
  bytes: number;
  crc32: string;
}

interface IndexLine {
  synopsis: RunSynopsis;
  stored?: StoredAs;
}

/** An index line as written: a synopsis, then (since they were recorded) `bytes` and `crc32`. */
export function indexLine(synopsis: RunSynopsis, stored?: StoredAs): string {
  return JSON.stringify(stored === undefined ? synopsis : { ...synopsis, ...stored });
}

/**
 * A parsed line split into its synopsis and what it records of the stored document (undefined
 * when it records nothing, as older digline wrote it). The synopsis is a new object rather than
 * the line with keys deleted, which would leave V8 a slow object to check.
 */
export function takeStoredAs(json: unknown): { synopsis: unknown; stored?: StoredAs } {
  if (typeof json !== "object" || json === null || !("bytes" in json)) return { synopsis: json };
  const { bytes, crc32, ...synopsis } = json as Record<string, unknown>;
  const stored = Number.isSafeInteger(bytes) && (bytes as number) >= 0 &&
      typeof crc32 === "string" && /^[0-9a-f]{8}$/.test(crc32)
    ? { bytes: bytes as number, crc32 }
    : undefined;
  return { synopsis, stored };
}

async function parseLine(line: string, runId: string): Promise<IndexLine | undefined> {
  let json: unknown;
  try {
    json = JSON.parse(line);
  } catch {
    return undefined;
  }
  const taken = takeStoredAs(json);
  const stored = taken.stored;
  json = taken.synopsis;
  // zod and the schemas cost a listing about 200 ms to load; only a line the generated
  // validator refuses needs them (ADR 0077).
  const parsed = await parseDocument(RUN_SYNOPSIS, json);
  return parsed.success && parsed.data.run_id === runId
    ? { synopsis: parsed.data, stored }
    : undefined;
}

/**
 * Appends synopses in one write, after a newline when the last line was torn so the first is not
 * glued to it. A listing's repair of a line (`quiet`) may be refused without failing it: its run
 * is listed already. A stored run's first line may not, since without it the run is not listed.
 */
export async function appendToRunIndex(
  suiteDir: string,
  options: {
    rows: readonly { synopsis: RunSynopsis; stored?: StoredAs }[];
    afterTornLine?: boolean;
    quiet?: boolean;
  },
): Promise<void> {
  if (options.rows.length === 0) return;
  const text = (options.afterTornLine ? "\n" : "") +
    options.rows.map((row) => indexLine(row.synopsis, row.stored) + "\n").join("");
  try {
    await Deno.writeTextFile(indexPath(suiteDir), text, { append: true });
  } catch (error) {
    if (
      options.quiet &&
      (error instanceof Deno.errors.NotCapable || error instanceof Deno.errors.PermissionDenied)
    ) {
      return;
    }
    throw translateWriteError(error, { path: indexPath(suiteDir) });
  }
}

/** The order a suite's runs were written in, as its index records it. */
export interface WriteOrder {
  /** Run ids in the order of their first line: the order digline stored them. */
  order: string[];
  /** Every line naming a run, with its 1-based line number. */
  lines(runId: string): { line: number; text: string }[];
}

/**
 * Reads the whole index for the order runs were written in. `latest` is the run stored last,
 * which a file's name can not claim (a run id is a date anyone can write); a later line for a run
 * already listed does not move it. A damaged index (not UTF-8) records no order.
 */
export function readWriteOrder(suiteDir: string): WriteOrder {
  let bytes: Uint8Array;
  try {
    bytes = Deno.readFileSync(indexPath(suiteDir));
  } catch (error) {
    if (error instanceof Deno.errors.NotFound) return { order: [], lines: () => [] };
    throw error;
  }
  const decoded = decodeUtf8(bytes);
  if ("fault" in decoded) return { order: [], lines: () => [] };
  const order: string[] = [];
  const seen = new Map<string, { line: number; text: string }[]>();
  decoded.text.split("\n").forEach((text, i) => {
    if (text === "") return;
    const id = leadingRunId(text) ?? runIdOf(text);
    if (id === undefined) return;
    const lines = seen.get(id);
    if (lines === undefined) {
      order.push(id);
      seen.set(id, [{ line: i + 1, text }]);
    } else lines.push({ line: i + 1, text });
  });
  return { order, lines: (runId) => seen.get(runId) ?? [] };
}
