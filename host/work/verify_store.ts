import { join } from "node:path";
import { OUTPUT_VERSION } from "../../core/documents/version.ts";
import type { StoreProblem, VerifyStoreDocument } from "../../core/documents/verify_store.ts";
import { readStoreFile } from "../store/read_store_file.ts";
import { indexPath, type StoredAs, takeStoredAs } from "../store/run_index.ts";
import { RefusalError, StoreDocumentError, UNLISTED } from "../process/refusals.ts";
import { parseStoredBaseline, parseStoredRun, type RunStore, storedAs } from "../store/store.ts";

/**
 * Reads every document of a store's tenant whole: each run against its file name and the size
 * and CRC-32 its index line recorded, each index line against a document, each approval and
 * the runs it cites, each confirmation. Nothing is changed; every problem is named by its file.
 */
export async function verifyStore(store: RunStore): Promise<VerifyStoreDocument> {
  const problems: StoreProblem[] = [];
  let documents = 0;
  const note = (file: string, problem: string) => problems.push({ file, problem });
  const runsBySuite = new Map<string, Set<string>>();

  for (const entry of entriesOf(store.runsDir, note)) {
    const suiteDir = join(store.runsDir, entry.name);
    if (entry.name.startsWith(".")) continue;
    if (!entry.isDirectory) {
      note(suiteDir, "a suite's folder of runs is a file, not a folder");
      continue;
    }
    const index = await readIndex(suiteDir, note);
    const present = new Set<string>();
    runsBySuite.set(entry.name, present);
    for (const file of entriesOf(suiteDir, note)) {
      if (file.name.startsWith(".") || !file.name.endsWith(".json")) continue;
      const runId = file.name.slice(0, -".json".length);
      const path = join(suiteDir, file.name);
      present.add(runId);
      documents++;
      const text = await readWhole(path, { isDirectory: file.isDirectory, note });
      if (text === undefined) continue;
      if (!index.lines.has(runId)) {
        note(
          path,
          `its suite's index does not list it: ${UNLISTED}; it is never latest and promote refuses it (run the suite to store a run of its own, or move this document out of the store)`,
        );
      }
      const recorded = index.get(runId);
      if (recorded !== undefined) {
        const actual = storedAs(text);
        if (actual.bytes !== recorded.bytes || actual.crc32 !== recorded.crc32) {
          note(
            path,
            actual.bytes === recorded.bytes
              ? `its bytes are not those it was stored with (same size ${actual.bytes}, another CRC-32): it was changed since`
              : `it is ${actual.bytes} bytes, but was stored as ${recorded.bytes}: it was changed or cut short since`,
          );
        }
      }
      await refusalOf(path, note, () => isRunNamed(path, { text, runId, suite: entry.name }));
    }
    for (const [runId, where] of index.lines) {
      if (!present.has(runId)) {
        note(
          indexPath(suiteDir),
          `line ${where} names run ${runId}, whose document is not in ${suiteDir}`,
        );
      }
    }
  }

  const baselinesDir = join(store.tenantDir, "baselines");
  for (const entry of entriesOf(baselinesDir, note)) {
    const dir = join(baselinesDir, entry.name);
    if (entry.name.startsWith(".")) continue;
    if (!entry.isDirectory) {
      note(dir, "a suite's folder of approvals is a file, not a folder");
      continue;
    }
    const cited = new Set(
      entriesOf(join(dir, "runs"), note).filter((e) => e.name.endsWith(".json"))
        .map((e) => e.name.slice(0, -".json".length)),
    );
    for (const file of entriesOf(dir, note)) {
      if (file.name.startsWith(".") || !file.name.endsWith(".json")) continue;
      const path = join(dir, file.name);
      documents++;
      const text = await readWhole(path, { isDirectory: file.isDirectory, note });
      if (text === undefined) continue;
      await refusalOf(path, note, async () => {
        const approval = await parseStoredBaseline(path, text);
        for (const runId of approval.runs ?? [approval.run_id]) {
          if (!runsBySuite.get(entry.name)?.has(runId) && !cited.has(runId)) {
            note(path, `it cites run ${runId}, which is neither in the runs folder nor beside it`);
          }
        }
        // Readers pass over a selection run the approval does not hold (ADR 0107); a whole-store
        // check names it, as a hand edit or a damaged copy is the only way to write one.
        const runs = approval.runs ?? [approval.run_id];
        for (const runId of approval.selection_runs ?? []) {
          if (runId === approval.run_id) {
            note(path, `its selection_runs names the approved run ${runId}, which never chooses`);
          } else if (!runs.includes(runId)) {
            note(path, `its selection_runs names run ${runId}, which is not one of its runs`);
          }
        }
      });
    }
    for (const runId of cited) {
      const path = store.citedRunPath(entry.name, runId);
      documents++;
      const text = await readWhole(path, { isDirectory: false, note });
      if (text === undefined) continue;
      await refusalOf(path, note, () => isRunNamed(path, { text, runId, suite: entry.name }));
    }
  }

  const confirmationsDir = join(store.tenantDir, "confirmations");
  for (const suite of entriesOf(confirmationsDir, note).filter((e) => e.isDirectory)) {
    for (const run of entriesOf(join(confirmationsDir, suite.name), note)) {
      if (!run.isDirectory) continue;
      const count = entriesOf(join(confirmationsDir, suite.name, run.name), note)
        .filter((e) => e.name.endsWith(".json")).length;
      documents += count;
      await refusalOf(join(confirmationsDir, suite.name, run.name), note, async () => {
        await store.confirmations({ suite: suite.name, runId: run.name });
      });
    }
  }

  return {
    output_version: OUTPUT_VERSION,
    kind: "verify-store",
    store: store.tenantDir,
    documents,
    holds: problems.length === 0,
    problems,
  };
}

type Note = (file: string, problem: string) => void;

/** A folder's entries, sorted; none when it is absent, and a problem when it can not be read. */
function entriesOf(dir: string, note: Note): Deno.DirEntry[] {
  try {
    return [...Deno.readDirSync(dir)].sort((a, b) => (a.name < b.name ? -1 : 1));
  } catch (error) {
    if (error instanceof Deno.errors.NotFound) return [];
    note(
      dir,
      error instanceof Deno.errors.NotADirectory
        ? "it is a file where the store keeps a folder"
        : `the folder can not be read (${(error as Error).name})`,
    );
    return [];
  }
}

async function readWhole(
  path: string,
  options: { isDirectory: boolean; note: Note },
): Promise<string | undefined> {
  if (options.isDirectory) {
    options.note(path, "it is a folder, not a document");
    return undefined;
  }
  try {
    return await readStoreFile(path, { display: path, what: "stored document" });
  } catch (error) {
    options.note(path, `it can not be read (${(error as Error).message})`);
    return undefined;
  }
}

/** Runs a check, noting the refusal it throws as the file's problem. */
/** Refuses a stored run whose document holds another run than its name says. */
async function isRunNamed(
  path: string,
  expected: { text: string; runId: string; suite: string },
): Promise<void> {
  const run = await parseStoredRun(path, expected.text);
  if (run.run_id !== expected.runId || run.suite.name !== expected.suite) {
    throw new StoreDocumentError(path, `it holds run ${run.run_id} of suite ${run.suite.name}`);
  }
}

async function refusalOf(path: string, note: Note, check: () => Promise<void>): Promise<void> {
  try {
    await check();
  } catch (error) {
    if (error instanceof StoreDocumentError) note(error.file, error.detail);
    else if (error instanceof RefusalError) note(path, error.message);
    else throw error;
  }
}

/** A suite's index read whole: each run's last recorded size and digest, and its line. */
async function readIndex(
  suiteDir: string,
  note: Note,
): Promise<Map<string, StoredAs> & { lines: Map<string, number> }> {
  const recorded = Object.assign(new Map<string, StoredAs>(), {
    lines: new Map<string, number>(),
  });
  try {
    Deno.statSync(indexPath(suiteDir));
  } catch (error) {
    if (error instanceof Deno.errors.NotFound) return recorded;
  }
  let text: string;
  try {
    text = await readStoreFile(indexPath(suiteDir), {
      display: indexPath(suiteDir),
      what: "index",
    });
  } catch (error) {
    note(indexPath(suiteDir), `it can not be read (${(error as Error).message})`);
    return recorded;
  }
  for (const [i, line] of text.split("\n").entries()) {
    if (line === "") continue;
    let json: unknown;
    try {
      json = JSON.parse(line);
    } catch {
      // A line a kill tore: the next write starts a line of its own, and the documents are read.
      // Its run is listed all the same, as the store reads it (the id leads every line).
      const torn = /^\{"run_id":"([^"\\]*)"/.exec(line)?.[1];
      if (torn !== undefined && !recorded.lines.has(torn)) recorded.lines.set(torn, i + 1);
      continue;
    }
    const runId = typeof json === "object" && json !== null && "run_id" in json &&
        typeof json.run_id === "string"
      ? json.run_id
      : undefined;
    if (runId === undefined) {
      note(indexPath(suiteDir), `line ${i + 1} names no run`);
      continue;
    }
    recorded.lines.set(runId, i + 1);
    const stored = takeStoredAs(json).stored;
    if (stored !== undefined) recorded.set(runId, stored);
    else recorded.delete(runId);
  }
  return recorded;
}
