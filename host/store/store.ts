import { digline, type StoreWhere } from "../../core/printed_command.ts";
import { scrubbedJson } from "../process/secrets.ts";
import { join } from "node:path";
import type { ConfirmationDocument } from "../../core/compare/confirmation_document.ts";
import type { BaselineDocument, RunDocument } from "../../core/run/run_document.ts";
import { type RunSynopsis, runSynopsis } from "../../core/run/run_synopsis.ts";
import {
  checkedDocument,
  type DocumentKind,
  readDocument,
} from "../../core/documents/read_document.ts";
import { BASELINE_DOCUMENT, CONFIRMATION_DOCUMENT, RUN_DOCUMENT } from "./stored_kinds.ts";
import { RUN_SCHEMA_VERSION } from "../../core/run/run_schema_version.ts";
import { writeFileAtomic } from "../files/atomic_write.ts";
import { runDocumentJson } from "./run_document_json.ts";
import {
  appendToRunIndex,
  indexPath,
  readRunIndex,
  readWriteOrder,
  type RunIndex,
  type StoredAs,
} from "./run_index.ts";
import { canonicalJson } from "../../core/digest.ts";
import { systemClock } from "../process/clock.ts";
import { crc32, crc32Hex } from "../files/crc32.ts";
import { jsonFaultPlace } from "./json_fault.ts";
import { translateAccessError } from "../files/read_named_file.ts";
import { readStoreFile, refuseLinkedRead } from "./read_store_file.ts";
import {
  AmbiguousRunError,
  EvidenceRefusedError,
  LinkedDocumentError,
  NoBaselineError,
  NoListedRunError,
  RunNotFoundError,
  StoreDocumentError,
  UnlistedRunError,
  UsageError,
} from "../process/refusals.ts";

/** Where a store lives and whose part of it is read. */
export interface StoreLocation {
  /** The store directory, `.digline` by default. */
  root: string;
  tenant: string;
}

/**
 * The run store: `<root>/<tenant>/runs/<run_id>.json` and
 * `<root>/<tenant>/baselines/<suite>/<promotion>.json`. Documents are validated on every read.
 * Each document is checked by its generated validator; the zod schema is imported only to word
 * a refusal, or to read a value a transform changes (ADR 0077).
 */
export class RunStore {
  readonly root: string;
  readonly tenant: string;
  readonly #cache = new Map<string, RunDocument>();
  #runIndex: { runId: string; suite: string }[] | null = null;

  constructor(location: StoreLocation) {
    this.root = location.root;
    this.tenant = location.tenant;
  }

  /** The store as a command line names it, for the commands digline prints as advice. */
  get where(): StoreWhere {
    return { tenant: this.tenant, store: this.root };
  }

  get tenantDir(): string {
    return join(this.root, this.tenant);
  }

  /**
   * Where a document is written before it is renamed into place: the working folder, which is
   * never committed or listed, so a writer killed mid-write leaves no temp file in `runs/` or in a
   * repository's `baselines/` (the next write removes it from here).
   */
  get #temps(): { tempDir: string } {
    return { tempDir: join(this.tenantDir, "work") };
  }

  get runsDir(): string {
    return join(this.tenantDir, "runs");
  }

  /** Stores a run document atomically, in its suite's folder. */
  async writeRun(run: RunDocument): Promise<string> {
    const path = join(this.runsDir, run.suite.name, `${run.run_id}.json`);
    const stored = await writeFileAtomic(path, runDocumentJson(await checkedRun(run)), this.#temps);
    this.#cache.set(run.run_id, run);
    this.#runIndex = null;
    await appendToRunIndex(join(this.runsDir, run.suite.name), {
      rows: [{ synopsis: runSynopsis(run), stored }],
    });
    return path;
  }

  /** Every stored run's synopsis, oldest first: `listing`'s runs. */
  async synopses(options: { suite?: string; newest?: number } = {}): Promise<RunSynopsis[]> {
    return (await this.listing(options)).runs;
  }

  /**
   * Every stored run's synopsis, oldest first; optionally only one suite's, and only the newest
   * `newest` of them, with the ids of those the index does not list (ADR 0113). Read from each
   * suite's index; a listed run whose line is torn, invalid or without its size (as older
   * digline wrote it) is read whole and its line written again, and a run the index does not
   * list is read whole and left unlisted: the index names only what this store wrote. Each
   * listed run shown is checked cheaply against what the index recorded: a document that is
   * gone, can not be opened, is a folder or has another size than it was stored with is refused
   * by name, and the newest HEAD_CHECKED_RUNS are read at their start for their id and schema too.
   */
  async listing(
    options: { suite?: string; newest?: number } = {},
  ): Promise<{ runs: RunSynopsis[]; unlisted: ReadonlySet<string> }> {
    const all = (await this.runIndex()).filter((e) =>
      options.suite === undefined || e.suite === options.suite
    );
    const entries = options.newest === undefined ? all : all.slice(-options.newest);
    const indexes = new Map<string, RunIndex>();
    for (const suite of new Set(entries.map((e) => e.suite))) {
      const wanted = new Set(entries.filter((e) => e.suite === suite).map((e) => e.runId));
      indexes.set(suite, readRunIndex(join(this.runsDir, suite), wanted));
    }
    const synopses: RunSynopsis[] = [];
    const unlisted = new Set<string>();
    const added = new Map<string, { synopsis: RunSynopsis; stored: StoredAs }[]>();
    for (const [position, entry] of entries.entries()) {
      const index = indexes.get(entry.suite)!;
      let synopsis = await index.synopsis(entry.runId);
      const stored = await index.stored(entry.runId);
      if (synopsis !== undefined && stored !== undefined) {
        refuseChangedDocument(this.runPath(entry), {
          stored,
          runId: entry.runId,
          head: position >= entries.length - HEAD_CHECKED_RUNS,
          where: this.where,
        });
      } else {
        const read = await this.#readStoredRun(entry);
        synopsis = runSynopsis(read.run);
        if (index.listed(entry.runId)) {
          const rows = added.get(entry.suite) ?? [];
          rows.push({ synopsis, stored: read.stored! });
          added.set(entry.suite, rows);
        } else unlisted.add(entry.runId);
      }
      synopses.push(synopsis);
    }
    for (const [suite, rows] of added) {
      const afterTornLine = indexes.get(suite)!.torn;
      await appendToRunIndex(join(this.runsDir, suite), { rows, afterTornLine, quiet: true });
    }
    return { runs: synopses, unlisted };
  }

  /** Whether a run's suite index lists it, that is, whether this store wrote it (ADR 0113). */
  isListed(entry: { runId: string; suite: string }): boolean {
    return readRunIndex(join(this.runsDir, entry.suite), new Set([entry.runId])).listed(
      entry.runId,
    );
  }

  /** Refuses a run this store did not write for a use only a stored run may have. */
  refuseUnlisted(run: RunDocument, use: string): void {
    const entry = { runId: run.run_id, suite: run.suite.name };
    if (!this.isListed(entry)) {
      throw new UnlistedRunError(this.runPath(entry), { runId: run.run_id, use });
    }
  }

  /** How many runs are stored; optionally only one suite's. Reads no document. */
  async runCount(options: { suite?: string } = {}): Promise<number> {
    return (await this.runIndex()).filter((e) =>
      options.suite === undefined || e.suite === options.suite
    ).length;
  }

  /**
   * Every stored run id with its suite, oldest first. Only directories are listed, so finding
   * a run never reads a document it does not need.
   */
  runIndex(): Promise<{ runId: string; suite: string }[]> {
    // One command asks several times (which suite, then which run): list the folders once.
    this.#runIndex ??= this.#listRuns();
    return Promise.resolve([...this.#runIndex]);
  }

  #listRuns(): { runId: string; suite: string }[] {
    const index: { runId: string; suite: string }[] = [];
    const suites = listEntries(this.runsDir, { directories: true });
    for (const name of listEntries(this.runsDir, { directories: false })) {
      // A suite's folder that is a file would hide its runs: named, never read as "no runs".
      if (!suites.includes(name)) {
        throw new StoreDocumentError(
          join(this.runsDir, name),
          "it is a file where the store keeps a suite's folder of runs",
        );
      }
    }
    for (const suite of suites) {
      for (const name of listEntries(join(this.runsDir, suite), { directories: false })) {
        if (name.endsWith(".json")) index.push({ runId: name.slice(0, -".json".length), suite });
      }
    }
    return index.sort((a, b) => (a.runId < b.runId ? -1 : a.runId > b.runId ? 1 : 0));
  }

  /** Where a run's document is. */
  runPath(entry: { runId: string; suite: string }): string {
    return join(this.runsDir, entry.suite, `${entry.runId}.json`);
  }

  /** Reads and validates one run. */
  async readRun(entry: { runId: string; suite: string }): Promise<RunDocument> {
    const cached = this.#cache.get(entry.runId);
    if (cached !== undefined) return cached;
    return (await this.#readStoredRun(entry, { digest: false })).run;
  }

  /**
   * Reads and validates one run; with `digest`, also the size and digest of its document as
   * read (for its index line; a plain read of a large run does not pay for hashing it).
   */
  async #readStoredRun(
    entry: { runId: string; suite: string },
    options: { digest: boolean } = { digest: true },
  ): Promise<{ run: RunDocument; stored?: StoredAs }> {
    const path = this.runPath(entry);
    const text = await readStoreFile(path, { display: path, what: "stored document" });
    const run = await parseDocument(path, text, RUN_DOCUMENT);
    if (run.run_id !== entry.runId || run.suite.name !== entry.suite) {
      throw new StoreDocumentError(path, `it holds run ${run.run_id} of suite ${run.suite.name}`);
    }
    this.#cache.set(entry.runId, run);
    return { run, stored: options.digest ? storedAs(text) : undefined };
  }

  /** Every run, oldest first; optionally only one suite's. */
  async runs(options: { suite?: string } = {}): Promise<RunDocument[]> {
    const runs: RunDocument[] = [];
    for (const entry of await this.runIndex()) {
      if (options.suite === undefined || entry.suite === options.suite) {
        runs.push(await this.readRun(entry));
      }
    }
    return runs;
  }

  /** The names of the suites that have runs in this tenant. */
  async suites(): Promise<string[]> {
    return [...new Set((await this.runIndex()).map((e) => e.suite))].sort();
  }

  /**
   * Finds a run by id, unique id prefix, or `latest` (the newest run, of `suite` when given).
   */
  async resolveRun(ref: string, options: { suite?: string } = {}): Promise<RunDocument> {
    const index = (await this.runIndex()).filter((e) =>
      options.suite === undefined || e.suite === options.suite
    );
    if (ref === "latest") {
      if (index.length === 0) {
        throw new RunNotFoundError(ref, {
          store: this.tenantDir,
          suite: options.suite,
          where: this.where,
        });
      }
      return await this.#latest(index, options.suite);
    }
    const exact = index.find((e) => e.runId === ref);
    if (exact !== undefined) return await this.readRun(exact);
    const matches = index.filter((e) => e.runId.startsWith(ref));
    if (matches.length === 1) return await this.readRun(matches[0]);
    if (matches.length > 1) throw new AmbiguousRunError(ref, matches.map((e) => e.runId));
    throw new RunNotFoundError(ref, {
      store: this.tenantDir,
      suite: options.suite,
      where: this.where,
    });
  }

  /**
   * The run this store wrote last, by its index's write order, never by a file's name: a run id
   * is a date anyone can write. A run the index does not list was not written by this store and
   * is never latest, even in a store whose index lists none (ADR 0113, amending 0080). The
   * index's line is held to the document it names, and a run dated after the clock is refused.
   */
  async #latest(
    index: { runId: string; suite: string }[],
    named: string | undefined,
  ): Promise<RunDocument> {
    const suites = [...new Set(index.map((e) => e.suite))];
    const suite = named ?? (suites.length === 1 ? suites[0] : undefined);
    if (suite === undefined) {
      throw new UsageError(
        `latest: the store ${this.tenantDir} holds ${suites.length} suites (${
          suites.join(", ")
        }): name one with --suite NAME`,
      );
    }
    const suiteDir = join(this.runsDir, suite);
    const written = readWriteOrder(suiteDir);
    const present = new Map(index.map((e) => [e.runId, e]));
    const byIndex = written.order.findLast((id) => present.has(id));
    if (byIndex === undefined) {
      throw new NoListedRunError(suiteDir, { suite, documents: index.length });
    }
    const entry = present.get(byIndex)!;
    const run = await this.readRun(entry);
    const path = join(this.runsDir, entry.suite, `${entry.runId}.json`);
    const expected = runSynopsis(run) as unknown as Record<string, unknown>;
    for (const { line, text } of written.lines(byIndex)) {
      let json: unknown;
      try {
        json = JSON.parse(text);
      } catch {
        continue; // A line torn by a kill mid-write says nothing.
      }
      const held = json as Record<string, unknown>;
      // A line older digline wrote lacks the keys added since; what it holds must still agree.
      const differs = Object.keys(expected).find((key) =>
        !(LATER_KEYS.has(key) && !(key in held)) &&
        canonicalJson(held[key] ?? null) !== canonicalJson(expected[key] ?? null)
      );
      if (differs !== undefined) {
        throw new EvidenceRefusedError(
          `${indexPath(suiteDir)}:${line}`,
          `this line says run ${byIndex}'s ${differs} is not what its document holds; digline writes both together, so one was edited: check ${path} against it, or run the suite again (a run it lists after this one is latest)`,
        );
      }
    }
    refuseFutureRun(run, { path, now: systemClock.now() });
    return run;
  }

  /** Records an approval. */
  async writeBaseline(baseline: BaselineDocument): Promise<string> {
    const stamp = baseline.promoted_at.replace(/[:.]/g, "-");
    const path = join(this.baselinesDir(baseline.suite), `${stamp}-${baseline.run_id}.json`);
    await writeFileAtomic(
      path,
      scrubbedJson(await checkedDocument(BASELINE_DOCUMENT, baseline), 1) + "\n",
      this.#temps,
    );
    return path;
  }

  /**
   * Keeps a copy of a run an approval cites beside the approval, in
   * `<tenant>/baselines/<suite>/runs/<run_id>.json`, so the approvals folder alone is what a
   * repository commits, and `compare --baseline-ref` finds every run it needs there.
   */
  async writeCitedRun(run: RunDocument): Promise<string> {
    const path = this.citedRunPath(run.suite.name, run.run_id);
    await writeFileAtomic(path, runDocumentJson(await checkedRun(run)), this.#temps);
    return path;
  }

  /**
   * A run an approval cites: from the runs folder when this store made it, else from the copy
   * beside the approval, which is all a fresh clone of a repository that commits its approvals
   * has. Either way the document must be the run it is named as.
   */
  async approvedRun(suite: string, runId: string): Promise<RunDocument> {
    const local = (await this.runIndex()).find((e) => e.suite === suite && e.runId === runId);
    if (local !== undefined) return await this.readRun(local);
    const cached = this.#cache.get(runId);
    if (cached !== undefined) return cached;
    const path = this.citedRunPath(suite, runId);
    try {
      await Deno.lstat(path);
    } catch (error) {
      if (!(error instanceof Deno.errors.NotFound)) throw error;
      throw new RunNotFoundError(runId, { store: this.tenantDir, suite, where: this.where });
    }
    const run = await readStoredDocument(path, RUN_DOCUMENT);
    if (run.run_id !== runId || run.suite.name !== suite) {
      throw new StoreDocumentError(path, `it holds run ${run.run_id} of suite ${run.suite.name}`);
    }
    this.#cache.set(runId, run);
    return run;
  }

  /** Where an approval's copy of a run it cites lives. */
  citedRunPath(suite: string, runId: string): string {
    return join(this.baselinesDir(suite), "runs", `${runId}.json`);
  }

  /** Every approval of a suite, oldest first. */
  async baselineHistory(suite: string): Promise<BaselineDocument[]> {
    const dir = this.baselinesDir(suite);
    const docs: BaselineDocument[] = [];
    for (const name of listEntries(dir, { directories: false })) {
      if (name.endsWith(".json")) {
        docs.push(await readStoredDocument(join(dir, name), BASELINE_DOCUMENT));
      }
    }
    return docs;
  }

  /** The suite's current approval; refuses when there is none. */
  async currentBaseline(suite: string): Promise<BaselineDocument> {
    const latest = (await this.baselineHistory(suite)).at(-1);
    if (latest === undefined) {
      throw new NoBaselineError(suite, {
        tenant: this.tenant,
        where: this.where,
      });
    }
    return latest;
  }

  baselinesDir(suite: string): string {
    return join(this.tenantDir, "baselines", suite);
  }

  /**
   * Stores `compare --confirm`'s draws beside nothing a run listing reads:
   * `<tenant>/confirmations/<suite>/<candidate run>/<confirmation id>.json`.
   */
  async writeConfirmation(confirmation: ConfirmationDocument): Promise<string> {
    const path = join(
      this.confirmationsDir(confirmation.suite.name, confirmation.candidate_run),
      `${confirmation.confirmation_id}.json`,
    );
    const text = scrubbedJson(await checkedDocument(CONFIRMATION_DOCUMENT, confirmation), 1);
    await writeFileAtomic(path, text + "\n", this.#temps);
    return path;
  }

  /** Every confirmation of a run, oldest first. */
  async confirmations(run: { suite: string; runId: string }): Promise<ConfirmationDocument[]> {
    const dir = this.confirmationsDir(run.suite, run.runId);
    const docs: ConfirmationDocument[] = [];
    for (const name of listEntries(dir, { directories: false })) {
      if (!name.endsWith(".json")) continue;
      const path = join(dir, name);
      const doc = await readStoredDocument(path, CONFIRMATION_DOCUMENT);
      if (doc.candidate_run !== run.runId || `${doc.confirmation_id}.json` !== name) {
        throw new StoreDocumentError(path, `it holds confirmation ${doc.confirmation_id}`);
      }
      docs.push(doc);
    }
    return docs;
  }

  confirmationsDir(suite: string, runId: string): string {
    return join(this.tenantDir, "confirmations", suite, runId);
  }
}

/** How far a run's date may run ahead of this clock: another machine's clock, a merged shard. */
const CLOCK_SKEW_MS = 10 * 60 * 1000;

/** Synopsis keys a newer digline added: an index line written before them may lack them. */
const LATER_KEYS: ReadonlySet<string> = new Set(["intervals"]);

/**
 * Refuses a run dated after the clock: digline dates a run when it starts, so a later date was
 * written by hand, and as a name it would sort after every run still to come.
 */
export function refuseFutureRun(run: RunDocument, options: { path: string; now: Date }): void {
  const stamp = /^(\d{4})(\d{2})(\d{2})-(\d{2})(\d{2})(\d{2})-(\d{3})/.exec(run.run_id);
  const fromId = stamp === null
    ? Number.NaN
    : Date.UTC(+stamp[1], +stamp[2] - 1, +stamp[3], +stamp[4], +stamp[5], +stamp[6], +stamp[7]);
  const dated = Math.max(Date.parse(run.started_at), Number.isNaN(fromId) ? -Infinity : fromId);
  if (dated > options.now.getTime() + CLOCK_SKEW_MS) {
    throw new EvidenceRefusedError(
      options.path,
      `run ${run.run_id} is dated ${
        new Date(dated).toISOString()
      }, after the clock (${options.now.toISOString()}); digline dates a run when it starts, so this document was not written by a run: move it out of the store, or name the run you mean`,
    );
  }
}

/** The sorted names in a directory (only subdirectories when asked); none when it is absent. */
function listEntries(dir: string, options: { directories: boolean }): string[] {
  const names: string[] = [];
  try {
    // Synchronous: the asynchronous listing pays one round trip per entry, five times the cost
    // at ten thousand runs, and a command has nothing else to do meanwhile.
    for (const entry of Deno.readDirSync(dir)) {
      if (entry.name.startsWith(".")) continue;
      // A document path that is a directory is listed, so reading it is refused by name.
      if (!options.directories || entry.isDirectory) names.push(entry.name);
    }
  } catch (error) {
    if (error instanceof Deno.errors.NotFound) return [];
    throw translateAccessError(error, { display: dir, what: "store directory" });
  }
  return names.sort();
}

/**
 * A run as the schema returns it, or the schema's own error when it does not hold. The generated
 * validator answers first, so storing a run loads zod only when it refuses (ADR 0077).
 */
async function checkedRun(run: RunDocument): Promise<RunDocument> {
  return await checkedDocument(RUN_DOCUMENT, run);
}

async function readStoredDocument<T>(path: string, kind: DocumentKind<T>): Promise<T> {
  const text = await readStoreFile(path, { display: path, what: "stored document" });
  return await parseDocument(path, text, kind);
}

/** A run document's text read back, refused by its path as readRun refuses it. */
export async function parseStoredRun(path: string, text: string): Promise<RunDocument> {
  return await parseDocument(path, text, RUN_DOCUMENT);
}

/** An approval's text read back, refused by its path as baselineHistory refuses it. */
export async function parseStoredBaseline(path: string, text: string): Promise<BaselineDocument> {
  return await parseDocument(path, text, BASELINE_DOCUMENT);
}

/** The size and CRC-32 of a document's text, as the run index records them. */
export function storedAs(text: string): StoredAs {
  const bytes = new TextEncoder().encode(text);
  return { bytes: bytes.length, crc32: crc32Hex(crc32(bytes)) };
}

/**
 * Refuses a run document that is not as the index recorded it, by a stat and its first bytes:
 * gone, unreadable, a folder, another size, or a start that is not this run's. A change that keeps the size is left to `verify --whole-store`, which
 * reads every byte; a listing reads none.
 */
export function refuseChangedDocument(
  path: string,
  options: { stored: StoredAs; runId: string; head: boolean; where?: StoreWhere },
): void {
  const { stored, where } = options;
  refuseLinkedListing(path);
  if (!options.head) {
    refuseChangedSize(path, stored, where);
    return;
  }
  let file: Deno.FsFile;
  try {
    file = Deno.openSync(path, { read: true });
  } catch (error) {
    if (error instanceof Deno.errors.NotFound) {
      throw new StoreDocumentError(path, "it is gone since it was listed");
    }
    throw new StoreDocumentError(path, `it can not be opened (${(error as Error).name})`);
  }
  try {
    const info = file.statSync();
    if (info.isDirectory) throw new StoreDocumentError(path, "it is a folder, not a run document");
    // The head first: "another run" or "a newer schema" says more than "another size".
    refuseForeignHead(path, { file, runId: options.runId });
    if (info.size !== stored.bytes) {
      throw new StoreDocumentError(
        path,
        `it is ${info.size} bytes, but was stored as ${stored.bytes}: it was changed or cut short since (${
          digline("verify --whole-store", where)
        } checks every document)`,
      );
    }
  } catch (error) {
    if (error instanceof StoreDocumentError) throw error;
    throw new StoreDocumentError(path, `it can not be read (${(error as Error).name})`);
  } finally {
    file.close();
  }
}

/** A document that is a symbolic link is named, and its target never opened (ADR 0113). */
function refuseLinkedListing(path: string): void {
  try {
    refuseLinkedRead(path, { display: path, what: "stored document" });
  } catch (error) {
    if (error instanceof LinkedDocumentError) throw error;
    // Gone or unreadable: the checks that follow name it as before.
  }
}

/** The stat alone: gone, a folder, or another size. */
function refuseChangedSize(path: string, stored: StoredAs, where?: StoreWhere): void {
  let info: Deno.FileInfo;
  try {
    info = Deno.statSync(path);
  } catch (error) {
    if (error instanceof Deno.errors.NotFound) {
      throw new StoreDocumentError(path, "it is gone since it was listed");
    }
    throw new StoreDocumentError(path, `it can not be read (${(error as Error).name})`);
  }
  if (info.isDirectory) throw new StoreDocumentError(path, "it is a folder, not a run document");
  if (info.size !== stored.bytes) {
    throw new StoreDocumentError(
      path,
      `it is ${info.size} bytes, but was stored as ${stored.bytes}: it was changed or cut short since (${
        digline("verify --whole-store", where)
      } checks every document)`,
    );
  }
}

/**
 * How many of the newest runs a listing shows are read at their start as well as stated: a
 * screenful, and more, of the runs a person reads first. `--all` over ten thousand runs states
 * the rest, which is a third of the cost of opening each.
 */
export const HEAD_CHECKED_RUNS = 100;

/** How much of a document's start a listing reads: its version and id are in the first lines. */
const HEAD_BYTES = 256;
const headDecoder = new TextDecoder();

/**
 * Refuses a document whose first bytes are not the start of this run's document: not an object,
 * another run's id, or a newer schema. Whatever the head does not show is left to a full read.
 */
function refuseForeignHead(path: string, options: { file: Deno.FsFile; runId: string }): void {
  const buffer = new Uint8Array(HEAD_BYTES);
  let filled = 0;
  while (filled < buffer.length) {
    const read = options.file.readSync(buffer.subarray(filled));
    if (read === null || read === 0) break;
    filled += read;
  }
  const head = headDecoder.decode(buffer.subarray(0, filled));
  if (!head.trimStart().startsWith("{")) {
    throw new StoreDocumentError(path, "it does not begin as a JSON object");
  }
  const version = /"schema_version"\s*:\s*(\d+)/.exec(head)?.[1];
  if (version !== undefined && Number(version) > RUN_SCHEMA_VERSION) {
    throw new StoreDocumentError(path, newerSchema(Number(version)));
  }
  const id = /"run_id"\s*:\s*"([^"]*)"/.exec(head)?.[1];
  if (id !== undefined && id !== options.runId) {
    throw new StoreDocumentError(path, `it holds run ${id}, not the run its name says`);
  }
}

function newerSchema(version: number): string {
  return `it is of schema version ${version}, newer than this digline reads (${RUN_SCHEMA_VERSION}): a newer digline wrote it, and reads it`;
}

/**
 * A stored document's text as its kind: refused by its path when it is not JSON or is of a
 * newer schema than this digline reads, and through the one reader otherwise.
 */
async function parseDocument<T>(path: string, text: string, kind: DocumentKind<T>): Promise<T> {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw new StoreDocumentError(path, `it is not JSON (${jsonFaultPlace(error)})`);
  }
  const version = typeof json === "object" && json !== null && "schema_version" in json
    ? json.schema_version
    : undefined;
  if (typeof version === "number" && version > RUN_SCHEMA_VERSION) {
    throw new StoreDocumentError(path, newerSchema(version));
  }
  return await readDocument(kind, json, { file: path });
}
