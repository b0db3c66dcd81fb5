import type { RunDocument } from "../../core/run/run_document.ts";
import type { RunStore } from "../store/store.ts";
import { UsageError } from "../process/refusals.ts";

/**
 * The suite a command is about: the one named with --suite, or the only suite in the store.
 * Several suites and no name is a refusal that lists them; so is a name the store does not hold.
 */
export async function selectSuite(
  store: RunStore,
  named: string | undefined,
): Promise<string | undefined> {
  const suites = await store.suites();
  if (named !== undefined) {
    if (suites.length > 0 && !suites.includes(named)) {
      throw new UsageError(
        `--suite ${named}: the store ${store.tenantDir} has no runs of it; its suites are ${
          suites.join(", ")
        }`,
      );
    }
    return named;
  }
  if (suites.length <= 1) return suites[0];
  throw new UsageError(
    `The store ${store.tenantDir} holds ${suites.length} suites (${
      suites.join(", ")
    }): name one with --suite NAME`,
  );
}

/**
 * The suite `promote latest` is about when no --suite names one: the only suite, or else the one
 * suite whose newest run was made after its current approval (or that has none). Several such
 * suites, or none, is a refusal that names them.
 */
export async function suiteToPromote(store: RunStore): Promise<string | undefined> {
  const suites = await store.suites();
  if (suites.length <= 1) return suites[0];
  const index = await store.runIndex();
  const waiting: string[] = [];
  for (const suite of suites) {
    const newest = index.filter((e) => e.suite === suite).at(-1)?.runId;
    const approval = (await store.baselineHistory(suite)).at(-1);
    if (newest === undefined) continue;
    if (approval === undefined || runIdTime(newest) > approval.promoted_at) waiting.push(suite);
  }
  if (waiting.length === 1) return waiting[0];
  throw new UsageError(
    waiting.length === 0
      ? `The store ${store.tenantDir} holds ${suites.length} suites (${
        suites.join(", ")
      }) and none has a run newer than its approval: name one with --suite NAME`
      : `${waiting.length} suites have a run newer than their approval (${
        waiting.join(", ")
      }): name one with --suite NAME`,
  );
}

/** When a run began, as an ISO instant, read from its id (YYYYMMDD-HHMMSS-mmm-hex). */
function runIdTime(runId: string): string {
  const d = runId;
  return `${d.slice(0, 4)}-${d.slice(4, 6)}-${d.slice(6, 8)}T${d.slice(9, 11)}:${d.slice(11, 13)}:${
    d.slice(13, 15)
  }.${d.slice(16, 19)}Z`;
}

/**
 * Finds the run a command names. An id or prefix names its own suite, so it is looked up in
 * every suite (unless --suite narrows it); `latest` needs a suite, chosen as selectSuite does.
 */
export async function resolveNamedRun(
  store: RunStore,
  ref: string,
  options: { suite?: string },
): Promise<RunDocument> {
  if (ref === "latest" || options.suite !== undefined) {
    return await store.resolveRun(ref, { suite: await selectSuite(store, options.suite) });
  }
  return await store.resolveRun(ref);
}
