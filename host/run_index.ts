import { join } from "node:path";
import { isRunSynopsis, type RunSynopsis } from "../core/run/run_synopsis.ts";

/**
 * Each suite's folder of runs keeps `.index.jsonl`, one synopsis line per run, so `list`, `view`
 * and `log` read one small file instead of every document. The documents stay the truth: a line
 * that is torn or fails its schema is skipped, a run the index lacks (copied in from a CI
 * artefact, say) is read once and added, and a line whose document is gone is not shown.
 */
export function indexPath(suiteDir: string): string {
  return join(suiteDir, ".index.jsonl");
}

/** An index read back: its synopses by run id, and whether a kill left its last line torn. */
export interface RunIndex {
  rows: Map<string, RunSynopsis>;
  torn: boolean;
}

/** The synopses an index holds, by run id; the last line for an id wins. None when absent. */
export async function readRunIndex(suiteDir: string): Promise<RunIndex> {
  const rows = new Map<string, RunSynopsis>();
  let text: string;
  try {
    text = await Deno.readTextFile(indexPath(suiteDir));
  } catch (error) {
    if (error instanceof Deno.errors.NotFound) return { rows, torn: false };
    throw error;
  }
  for (const line of text.split("\n")) {
    if (line === "") continue;
    let json: unknown;
    try {
      json = JSON.parse(line);
    } catch {
      continue;
    }
    if (isRunSynopsis(json)) {
      rows.set(json.run_id, json);
      continue;
    }
    // zod and the schemas cost a listing about 200 ms to load; only a line the hand check
    // refuses needs them.
    const { RunSynopsisSchema } = await import("../core/run/run_synopsis_schema.ts");
    const parsed = RunSynopsisSchema.safeParse(json);
    if (parsed.success) rows.set(parsed.data.run_id, parsed.data);
  }
  return { rows, torn: text !== "" && !text.endsWith("\n") };
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
