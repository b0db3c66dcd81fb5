import { relative, resolve } from "node:path";
import type { RunDocument } from "../../core/run/run_document.ts";
import { headCommit, isTracked } from "./git_objects.ts";
import { EvidenceRefusedError } from "../process/refusals.ts";
import type { RunStore } from "../store/store.ts";

/**
 * Under --baseline-ref the candidate must be a run this checkout's job made: a run document git
 * tracks came with the tree under test (a pull request can commit one with `git add -f`), and a
 * run recorded at another commit measured other code. Both are refused, naming the file
 * (ADR 0080). A file the tree carries can not hold its own commit's id, so the second holds even
 * where the first is dodged.
 */
export async function refuseCandidateOutOfPlace(
  candidate: RunDocument,
  options: { store: RunStore; ref: string },
): Promise<void> {
  const path = relative(
    Deno.cwd(),
    resolve(options.store.runsDir, candidate.suite.name, `${candidate.run_id}.json`),
  );
  if (await isTracked(path)) {
    throw new EvidenceRefusedError(
      path,
      `git tracks this run document, so it came with the tree under test rather than from a run in this checkout; compare --baseline-ref ${options.ref} gates the run this job made: run the suite and compare the run id it prints`,
    );
  }
  const head = await headCommit();
  const madeAt = candidate.git_commit?.replace(/-dirty$/, "") ?? null;
  if (head !== null && madeAt !== head) {
    throw new EvidenceRefusedError(
      path,
      `run ${candidate.run_id} was made at ${
        madeAt === null ? "no recorded commit" : `commit ${madeAt}`
      }, not at the checkout's HEAD ${head}; compare --baseline-ref ${options.ref} gates a run of the code checked out: run the suite again here and compare that run`,
    );
  }
}
