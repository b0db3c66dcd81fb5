import type { RunDocument } from "../../core/run/run_document.ts";
import type { RunStore } from "../store.ts";
import { UsageError } from "../refusals.ts";

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
