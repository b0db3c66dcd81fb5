import type { RunStore } from "../store.ts";
import { UsageError } from "../refusals.ts";

/**
 * The suite a command is about: the one named with --suite, or the only suite in the store.
 * Several suites and no name is a refusal that lists them.
 */
export async function selectSuite(
  store: RunStore,
  named: string | undefined,
): Promise<string | undefined> {
  if (named !== undefined) return named;
  const suites = await store.suites();
  if (suites.length <= 1) return suites[0];
  throw new UsageError(
    `The store ${store.tenantDir} holds ${suites.length} suites (${
      suites.join(", ")
    }): name one with --suite NAME`,
  );
}
