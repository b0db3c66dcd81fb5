import { reconcileResults } from "../core/run/reconcile.ts";
import type { CaseResult } from "../core/run/run_document.ts";
import type { Case } from "../core/suite/case.ts";
import type { Suite } from "../core/suite/suite.ts";
import { executeCases, type ExecuteOptions } from "./driver.ts";
import { bindJudges } from "./judges/mod.ts";
import { createModelPool } from "./models/pool.ts";
import type { LoadedSuite } from "./suite_loader/mod.ts";
import { openTarget } from "./targets/mod.ts";

/** What a session's draw takes besides the cases: everything the driver takes but the target. */
export type DrawOptions = Omit<ExecuteOptions, "target">;

/**
 * A loaded suite made ready to call: its judges bound to the model pool and its target open.
 * `run` draws every case once; `compare --confirm` draws the wanted cases round after round.
 */
export interface RunSession {
  /** The suite as loaded (judges unbound): what the results are reconciled with. */
  readonly suite: Suite;
  /** Runs these cases (all the suite's when absent) and returns their reconciled results. */
  draw(cases: readonly Case[] | undefined, options?: DrawOptions): Promise<CaseResult[]>;
}

/**
 * Opens a session on a loaded suite, hands it to `use`, and closes its target however `use`
 * ends. Model keys are read when the session opens, so a missing key is refused before any
 * target is called.
 */
export async function withRunSession<T>(
  loaded: LoadedSuite,
  use: (session: RunSession) => Promise<T>,
): Promise<T> {
  const suite = loaded.suite;
  const models = createModelPool();
  const running = { ...suite, assertions: bindJudges(suite.assertions, { models }) };
  const target = openTarget(suite.target, { suiteDir: loaded.dir, models });
  const session: RunSession = {
    suite,
    async draw(cases, options = {}) {
      const asked = cases === undefined ? suite.cases : cases;
      const results = await executeCases(
        cases === undefined ? running : { ...running, cases: asked },
        { ...options, target },
      );
      return reconcileResults({ cases: asked, assertions: suite.assertions }, results);
    },
  };
  try {
    return await use(session);
  } finally {
    await target.close();
  }
}
