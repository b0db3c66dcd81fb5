import { scrubbedJson } from "../process/secrets.ts";
import { join } from "node:path";
import type { CaseResult } from "../../core/run/run_document.ts";
import type { Suite } from "../../core/suite/suite.ts";
import type { JournalHeader } from "./journal_header.ts";
import { checkedDocument, documentKind } from "../../core/documents/read_document.ts";
import type { CheckedJournal } from "./journal_read.ts";
import { refuseLinkedWrite } from "../files/no_links.ts";
import { translateAccessError } from "../files/read_named_file.ts";
import { readStoreFile } from "../store/read_store_file.ts";
import { translateWriteError } from "../files/write_failure.ts";
import type { RunStore } from "../store/store.ts";

export type { CheckedJournal } from "./journal_read.ts";
export type { JournalHeader } from "./journal_header.ts";

/** Where a suite's interrupted run (or one shard of it) is journaled. */
export function journalPath(
  store: RunStore,
  run: { suite: string; shard?: { index: number; count: number } },
): string {
  const { suite, shard } = run;
  const part = shard === undefined ? "" : `.shard-${shard.index}-of-${shard.count}`;
  return join(store.tenantDir, "work", `${suite}${part}.jsonl`);
}

/**
 * A journal's whole text, or null when there is none; one that can not be read is refused
 * naming it. Shared by the run's journal and compare --confirm's.
 */
export async function readJournalText(path: string): Promise<string | null> {
  try {
    await Deno.lstat(path);
  } catch (error) {
    if (error instanceof Deno.errors.NotFound) return null;
    throw translateAccessError(error, { display: path, what: "journal" });
  }
  return await readStoreFile(path, { display: path, what: "journal" });
}

/**
 * Reads a journal and checks every line before any call is made: a torn last line (a kill
 * mid-write) is noted for dropping; anything else wrong is refused naming its line, and the
 * file is left as it was. Returns null when there is no journal.
 */
export async function readJournal(path: string, suite: Suite): Promise<CheckedJournal | null> {
  const text = await readJournalText(path);
  if (text === null) return null;
  // The journal's schemas (and zod) are loaded only when there is a journal to read.
  const { checkJournal } = await import("./journal_read.ts");
  return checkJournal(text, { path, suite });
}

/**
 * The header as the schema writes it: through its generated validator, and through the schema
 * (and its refusal) only when that refuses.
 */
async function checkedHeader(header: JournalHeader): Promise<JournalHeader> {
  return await checkedDocument(JOURNAL_HEADER, header);
}

export const JOURNAL_HEADER = documentKind<JournalHeader>("JournalHeader", {
  schema: async () => (await import("./journal_read.ts")).JournalHeaderSchema,
});

/**
 * Opens a journal's file empty for writing, its folder made: a run's journal and
 * `compare --confirm`'s both start this way, and refuse a path that is a link.
 */
export async function openJournalAnew(path: string): Promise<Deno.FsFile> {
  refuseLinkedWrite(path);
  try {
    await Deno.mkdir(join(path, ".."), { recursive: true });
    return await Deno.open(path, { write: true, create: true, truncate: true });
  } catch (error) {
    throw translateWriteError(error, { path });
  }
}

/**
 * An open journal: each finished case is one JSON line, written before `append` returns. The
 * driver asks a worker's next case as soon as its last is appended (ADR 0065), so a line written
 * later would let a kill lose more cases than were in flight; a line written at once is in the
 * file before the next call starts, and a killed process leaves whole lines and at most one torn
 * last line.
 */
export class JournalWriter {
  readonly #file: Deno.FsFile;
  readonly #encoder = new TextEncoder();
  #buffer = new Uint8Array(4096);
  readonly #path: string;
  #failure: { error: unknown } | null = null;

  private constructor(file: Deno.FsFile, path: string) {
    this.#file = file;
    this.#path = path;
  }

  /** Starts a new journal with its header, replacing any old one. */
  static async create(path: string, header: JournalHeader): Promise<JournalWriter> {
    const file = await openJournalAnew(path);
    const writer = new JournalWriter(file, path);
    try {
      writer.#write(scrubbedJson(await checkedHeader(header)) + "\n");
    } catch (error) {
      // A header that is not whole is no journal: leave nothing behind to resume from.
      file.close();
      await Deno.remove(path).catch(() => {});
      throw error;
    }
    return writer;
  }

  /** Reopens a checked journal for appending, first cutting off a torn last line. */
  static async resume(path: string, checked: CheckedJournal): Promise<JournalWriter> {
    refuseLinkedWrite(path);
    try {
      const file = await Deno.open(path, { read: true, write: true });
      await file.truncate(checked.intactBytes);
      await file.seek(0, Deno.SeekMode.End);
      return new JournalWriter(file, path);
    } catch (error) {
      throw translateWriteError(error, { path });
    }
  }

  /**
   * Appends one finished case. The line is written (to the operating system, which keeps it
   * whatever becomes of this process) before this returns; the promise only carries a failure.
   */
  append(result: CaseResult): Promise<void> {
    if (this.#failure !== null) return Promise.reject(this.#failure.error);
    try {
      this.#write(scrubbedJson(result) + "\n");
    } catch (error) {
      this.#failure = { error };
      return Promise.reject(error);
    }
    return Promise.resolve();
  }

  /** Closes the file; throws the failure that stopped the appends, if one did. */
  close(): Promise<void> {
    try {
      this.#file.close();
    } catch (error) {
      return Promise.reject(error);
    }
    return this.#failure === null ? Promise.resolve() : Promise.reject(this.#failure.error);
  }

  #write(text: string): void {
    // Encoded into one buffer the writer keeps (a line's UTF-8 is at most 3 bytes a code unit):
    // a fresh buffer per case was 5,000 backing stores for malloc at 5,000 cases.
    if (this.#buffer.length < text.length * 3) {
      this.#buffer = new Uint8Array(Math.max(text.length * 3, this.#buffer.length * 2));
    }
    const bytes = this.#buffer.subarray(0, this.#encoder.encodeInto(text, this.#buffer).written);
    let written = 0;
    try {
      while (written < bytes.length) written += this.#file.writeSync(bytes.subarray(written));
    } catch (error) {
      // A torn last line is what resume already drops, so the journal stays resumable.
      throw translateWriteError(error, { path: this.#path, bytes: bytes.length - written });
    }
  }
}
