import { relative, resolve } from "node:path";
import type { BaselineDocument, RunDocument } from "../../core/run/run_document.ts";
import { listFilesAt, readFileAt, resolveCommit } from "./git_objects.ts";
import { GitRefError, StoreDocumentError } from "../process/refusals.ts";
import type { RunStore } from "../store/store.ts";
import { type DocumentKind, readDocument } from "../../core/documents/read_document.ts";
import { BASELINE_DOCUMENT, RUN_DOCUMENT } from "../store/stored_kinds.ts";

/** A suite's approval as committed at a git ref, and the runs it cites. */
export interface BaselineAtRef {
  ref: string;
  commit: string;
  approval: BaselineDocument;
  runs: RunDocument[];
}

/**
 * Reads the suite's current approval, and each run it cites, from git's objects at `ref` rather
 * than from the working tree: in CI the tree is the pull request under test, which could carry an
 * approval of its own; the ref (the base branch) could not. Runs are read from the approval's own
 * `runs/` folder, else from the store's runs folder at the same commit.
 */
export async function baselineAtRef(
  store: RunStore,
  options: { ref: string; suite: string },
): Promise<BaselineAtRef> {
  const commit = await resolveCommit(options.ref);
  const at = (path: string) => relative(Deno.cwd(), resolve(path));
  const dir = at(store.baselinesDir(options.suite));
  const names = (await listFilesAt(commit, dir)).filter((n) => n.endsWith(".json")).sort();
  const latest = names.at(-1);
  if (latest === undefined) {
    throw new GitRefError(
      `--baseline-ref ${options.ref}: no approval of suite ${options.suite} is committed there (looked in ${dir}/); commit the approvals folder on that branch first`,
    );
  }
  const approval = await parseAt(commit, {
    path: `${dir}/${latest}`,
    ref: options.ref,
    kind: BASELINE_DOCUMENT,
  });
  const runs: RunDocument[] = [];
  for (const id of approval.runs ?? [approval.run_id]) {
    const places = [
      at(store.citedRunPath(options.suite, id)),
      at(`${store.runsDir}/${options.suite}/${id}.json`),
    ];
    let run: RunDocument | null = null;
    for (const path of places) {
      if ((await readFileAt(commit, path)) === null) continue;
      run = await parseAt(commit, {
        path,
        ref: options.ref,
        kind: RUN_DOCUMENT,
      });
      break;
    }
    if (run === null) {
      const [beside, inRuns] = places;
      throw new GitRefError(
        `--baseline-ref ${options.ref}: the approval ${latest} cites run ${id}, which is not committed there (looked in ${beside} and ${inRuns}); promote writes it beside the approval, so commit the whole approvals folder`,
      );
    }
    runs.push(run);
  }
  return { ref: options.ref, commit, approval, runs };
}

async function parseAt<T>(
  commit: string,
  options: {
    path: string;
    ref: string;
    kind: DocumentKind<T>;
  },
): Promise<T> {
  const display = `${options.ref}:${options.path}`;
  const text = await readFileAt(commit, options.path);
  if (text === null) throw new GitRefError(`${display}: not found`);
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new StoreDocumentError(display, "it is not JSON");
  }
  return await readDocument(options.kind, json, { file: display });
}
