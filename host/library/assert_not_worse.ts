import { AssertionError } from "node:assert";

/** Where assertNotWorse keeps its runs and finds the approval. */
export interface AssertNotWorseOptions {
  /** The store directory (default `.digline`, against the working directory). */
  store?: string;
  /** The store namespace (default `default`). */
  tenant?: string;
}

/**
 * What assertNotWorse found: the gate's verdict, compare's headline, and the two runs.
 *
 * @example
 * ```ts
 * import type { NotWorseResult } from "../../mod.ts";
 * const result: NotWorseResult = {
 *   verdict: 0,
 *   headline: "NOT WORSE (exit 0): 2 cases compared",
 *   candidate_run: "20261130-000001-000-bbbbbb",
 *   baseline_run: "20261130-000000-000-aaaaaa",
 * };
 * ```
 */
export interface NotWorseResult {
  /** 0 not worse, 1 worse, 2 could not be judged: `digline compare`'s exit code. */
  verdict: 0 | 1 | 2;
  /** compare's first line. */
  headline: string;
  /** The run just made. */
  candidate_run: string;
  /** The approved run it was compared with. */
  baseline_run: string;
}

/**
 * A suite got worse than its approval, or could not be judged; the message is the headline.
 *
 * @example
 * ```ts
 * import { assertNotWorse, NotWorseAssertionError } from "digline";
 * try {
 *   await assertNotWorse("evals/suite.toml");
 * } catch (error) {
 *   if (error instanceof NotWorseAssertionError) console.log(error.result.verdict);
 * }
 * ```
 */
export class NotWorseAssertionError extends AssertionError {
  /** What the comparison found. */
  readonly result: NotWorseResult;
  /** Made from what the comparison found; the message is its headline. */
  constructor(result: NotWorseResult) {
    super({ message: result.headline });
    this.name = "NotWorseAssertionError";
    this.result = result;
  }
}

/**
 * Runs the suite, stores the run, and compares it with the suite's approved baseline, as
 * `digline run` then `digline compare` do; throws NotWorseAssertionError, whose message is
 * compare's headline, unless the verdict is 0. For a `deno test` in a project of its own:
 *
 * ```ts
 * import { assertNotWorse } from "digline";
 * Deno.test("the bot is not worse than approved", async () => {
 *   await assertNotWorse("evals/suite.toml");
 * });
 * ```
 *
 * A refusal (no baseline yet, a suite that does not load) is thrown as digline's own error.
 */
export async function assertNotWorse(
  suitePath: string,
  options: AssertNotWorseOptions = {},
): Promise<NotWorseResult> {
  // Loaded here, not when the library is: every suite module imports the library, in each
  // Worker that imports the suite (its description, its target, its check sandbox), and none of
  // them calls this (performance.md, issue 38).
  const [{ RunStore }, { runSuite }, { compareRun }, { headline }] = await Promise.all([
    import("../store/store.ts"),
    import("../work/run_suite.ts"),
    import("../work/compare_run.ts"),
    import("../../core/compare/headline.ts"),
  ]);
  const store = new RunStore({
    root: options.store ?? ".digline",
    tenant: options.tenant ?? "default",
  });
  const { run } = await runSuite(suitePath, { store });
  const { comparison } = await compareRun(run.run_id, { store, suite: run.suite.name });
  const result: NotWorseResult = {
    verdict: comparison.verdict,
    headline: headline(comparison),
    candidate_run: comparison.candidate_run,
    baseline_run: comparison.baseline_run,
  };
  if (result.verdict !== 0) throw new NotWorseAssertionError(result);
  return result;
}
