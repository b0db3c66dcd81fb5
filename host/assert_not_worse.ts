import { AssertionError } from "node:assert";
import type { Comparison } from "../core/compare/compare.ts";
import { headline } from "../core/compare/reading.ts";
import { compareRun } from "./commands/compare_run.ts";
import { runSuite } from "./commands/run_suite.ts";
import { RunStore } from "./store.ts";

/** Where assertNotWorse keeps its runs and finds the approval. */
export interface AssertNotWorseOptions {
  /** The store directory (default `.digline`, against the working directory). */
  store?: string;
  /** The store namespace (default `default`). */
  tenant?: string;
}

/** A suite got worse than its approval, or could not be judged; the message is the headline. */
export class NotWorseAssertionError extends AssertionError {
  readonly comparison: Comparison;
  constructor(comparison: Comparison) {
    super({ message: headline(comparison) });
    this.name = "NotWorseAssertionError";
    this.comparison = comparison;
  }
}

/**
 * Runs the suite, stores the run, and compares it with the suite's approved baseline, as
 * `digline run` then `digline compare` do; throws NotWorseAssertionError, whose message is
 * compare's headline, unless the verdict is 0. For a `deno test` in a project of its own:
 *
 * ```ts ignore
 * import { assertNotWorse } from "digline";
 * Deno.test("the bot is not worse than approved", () => assertNotWorse("evals/suite.toml"));
 * ```
 *
 * A refusal (no baseline yet, a suite that does not load) is thrown as digline's own error.
 */
export async function assertNotWorse(
  suitePath: string,
  options: AssertNotWorseOptions = {},
): Promise<Comparison> {
  const store = new RunStore({
    root: options.store ?? ".digline",
    tenant: options.tenant ?? "default",
  });
  const { run } = await runSuite(suitePath, { store });
  const { comparison } = await compareRun(run.run_id, { store, suite: run.suite.name });
  if (comparison.verdict !== 0) throw new NotWorseAssertionError(comparison);
  return comparison;
}
