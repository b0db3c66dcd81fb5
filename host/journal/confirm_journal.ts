import { join } from "node:path";
import { z } from "zod";
import { ConfirmationPlanSchema } from "../../core/compare/confirmation_document.ts";
import { type CaseResult, CaseResultSchema, RunIdSchema } from "../../core/run/run_document.ts";
import { openJournalAnew, readJournalText } from "./journal.ts";
import { scrubbedJson } from "../process/secrets.ts";
import { translateWriteError } from "../files/write_failure.ts";
import type { RunStore } from "../store/store.ts";

/** The first line of a `--confirm` journal: whose draws, against which baseline, by which plan. */
export const ConfirmJournalHeaderSchema = z.strictObject({
  confirm_journal: z.literal(1),
  confirmation_id: RunIdSchema,
  candidate_run: RunIdSchema,
  baseline_runs: z.array(RunIdSchema).min(1),
  started_at: z.iso.datetime(),
  git_commit: z.string().nullable(),
  plan: ConfirmationPlanSchema,
});
/** A `--confirm` journal's header. */
export type ConfirmJournalHeader = z.infer<typeof ConfirmJournalHeaderSchema>;

/** Every later line: one finished draw, and the round it belongs to. */
const ConfirmJournalEntrySchema = z.strictObject({
  round: z.number().int().min(0),
  result: CaseResultSchema,
});

/** A journal read back: its header and each round's finished draws, by case id. */
export interface ConfirmJournal {
  header: ConfirmJournalHeader;
  rounds: Map<string, CaseResult>[];
  /** Lines dropped: a torn last line, or lines after the first one that did not read. */
  dropped: number;
}

/** Where the draws of an interrupted `compare --confirm` of a run are journaled. */
export function confirmJournalPath(store: RunStore, run: { suite: string; runId: string }): string {
  return join(store.tenantDir, "work", `${run.suite}.confirm-${run.runId}.jsonl`);
}

/**
 * Reads the journal of an interrupted `compare --confirm`, or null when there is none, when it
 * is of another run or baseline, or when its header does not read (then its draws are simply
 * made again: a fresh draw is as valid as a journaled one, it only costs a call). Lines after
 * the first that does not read (a kill mid-write leaves one torn last line) are dropped.
 */
export async function readConfirmJournal(
  path: string,
  sides: { candidateRun: string; baselineRuns: readonly string[] },
): Promise<ConfirmJournal | null> {
  const text = await readJournalText(path);
  if (text === null) return null;
  const lines = text.split("\n");
  // The text after the last newline is nothing, or a line a kill cut short: either way, no draw.
  const complete = lines.slice(0, -1);
  const header = parsed(complete[0], ConfirmJournalHeaderSchema);
  if (
    header === null || header.candidate_run !== sides.candidateRun ||
    header.baseline_runs.join(" ") !== sides.baselineRuns.join(" ")
  ) {
    return null;
  }
  const rounds: Map<string, CaseResult>[] = [];
  let read = 1;
  for (const raw of complete.slice(1)) {
    const entry = parsed(raw, ConfirmJournalEntrySchema);
    if (entry === null || entry.round > rounds.length) break;
    if (entry.round === rounds.length) rounds.push(new Map());
    rounds[entry.round].set(entry.result.case_id, entry.result);
    read += 1;
  }
  return { header, rounds, dropped: lines.filter((l) => l !== "").length - read };
}

function parsed<S extends z.ZodType>(raw: string | undefined, schema: S): z.infer<S> | null {
  if (raw === undefined || raw.trim() === "") return null;
  try {
    const result = schema.safeParse(JSON.parse(raw));
    return result.success ? result.data : null;
  } catch {
    return null;
  }
}

/**
 * An open `--confirm` journal: the header, then one line per finished draw, each written whole
 * before the next begins, so a kill leaves at most one torn last line.
 */
export class ConfirmJournalWriter {
  readonly #file: Deno.FsFile;
  readonly #path: string;
  #last: Promise<void> = Promise.resolve();

  private constructor(file: Deno.FsFile, path: string) {
    this.#file = file;
    this.#path = path;
  }

  /**
   * Starts the journal anew with `header`, then the draws kept from an interrupted one (so a
   * dropped line never stays in the file to be read again).
   */
  static async open(
    path: string,
    options: { header: ConfirmJournalHeader; kept: readonly Map<string, CaseResult>[] },
  ): Promise<ConfirmJournalWriter> {
    const writer = new ConfirmJournalWriter(await openJournalAnew(path), path);
    const lines = [scrubbedJson(ConfirmJournalHeaderSchema.parse(options.header))];
    options.kept.forEach((round, index) => {
      for (const result of round.values()) lines.push(scrubbedJson({ round: index, result }));
    });
    await writer.#enqueue(lines.join("\n") + "\n");
    return writer;
  }

  /** Appends one finished draw of round `round`, scrubbed as the run's own journal is. */
  append(round: number, result: CaseResult): Promise<void> {
    return this.#enqueue(scrubbedJson({ round, result }) + "\n");
  }

  /** Closes the file and removes it: the confirmation document now holds the draws. */
  async finish(): Promise<void> {
    await this.#last;
    this.#file.close();
    await Deno.remove(this.#path).catch(() => {});
  }

  /** Closes the file and leaves it, for a later `--confirm` to resume from. */
  async close(): Promise<void> {
    await this.#last.catch(() => {});
    this.#file.close();
  }

  #enqueue(text: string): Promise<void> {
    const write = this.#last.then(() => this.#write(text));
    this.#last = write.catch(() => {});
    return write;
  }

  async #write(text: string): Promise<void> {
    const bytes = new TextEncoder().encode(text);
    let written = 0;
    try {
      while (written < bytes.length) written += await this.#file.write(bytes.subarray(written));
    } catch (error) {
      throw translateWriteError(error, { path: this.#path, bytes: bytes.length - written });
    }
  }
}
