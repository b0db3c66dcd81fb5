import { reconcileResults } from "../../core/run/reconcile.ts";
import type { CaseResult } from "../../core/run/run_document.ts";
import type { Assertion } from "../../core/suite/assertions/assertion.ts";
import type { Case } from "../../core/suite/case.ts";
import type { Suite } from "../../core/suite/suite.ts";
import { executeCases, type ExecuteOptions } from "./driver.ts";
import { basename, extname, join } from "node:path";
import { pathToFileURL } from "node:url";
import { bindChecks, type BoundChecks, type SuiteModule } from "../checks/mod.ts";
import { CODE_SUITE_EXTENSIONS } from "../suite_loader/mod.ts";
import { loadTimeoutMs } from "../user_code/load_deadline.ts";
import { createModelPool, type ModelPool } from "../models/pool.ts";
import { SuiteLoadError } from "../process/refusals.ts";
import { userEnv, workerTarget } from "../user_code/worker_target.ts";
import type { LoadedSuite } from "../suite_loader/mod.ts";
import { openTarget, type Target } from "../targets/mod.ts";

/** What a session's draw takes besides the cases: everything the driver takes but the target. */
export type DrawOptions = Omit<ExecuteOptions, "target">;

/**
 * A loaded suite made ready to call: its judges bound to the model pool, its regex checks
 * bounded by timeout_ms, and its target open.
 * `run` draws every case once; `compare --confirm` draws the wanted cases round after round.
 */
export interface RunSession {
  /** The suite as loaded (judges unbound): what the results are reconciled with. */
  readonly suite: Suite;
  /** The suite's checks as the session asks them: custom ones in the sandbox, judges bound. */
  readonly checks: readonly Assertion[];
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
  options: {
    /** Answers in place of the suite's target (rejudge's stored outputs). */
    target?: Target;
  } = {},
): Promise<T> {
  const suite = loaded.suite;
  const models = createModelPool();
  // The sandbox imports the suite again while the target opens: the two waits overlap.
  const binding = bindChecks(suite.assertions, {
    models,
    timeoutMs: suite.settings.timeout_ms,
    ...suiteModuleOf(loaded),
  });
  let target: Target | undefined;
  let checks: BoundChecks;
  try {
    target = options.target ?? openSuiteTarget(loaded, models);
    // A module's missing export is refused here, before `use` writes anything.
    [checks] = await Promise.all([binding, target.open?.()]);
  } catch (error) {
    const bound = await binding.then((value) => ({ value }), (failure) => ({ failure }));
    if ("value" in bound) bound.value.close();
    await target?.close();
    // The checks are bound first (a judge's missing key is named before the target's).
    throw "failure" in bound ? bound.failure : error;
  }
  const running = { ...suite, assertions: checks.assertions };
  const opened = target;
  const session: RunSession = {
    suite,
    checks: checks.assertions,
    async draw(cases, options = {}) {
      const asked = cases === undefined ? suite.cases : cases;
      const results = await executeCases(
        cases === undefined ? running : { ...running, cases: asked },
        { ...options, target: opened },
      );
      const impure = checks.impure();
      if (impure !== undefined) throw impure;
      return reconcileResults({ cases: asked, assertions: suite.assertions }, results);
    },
  };
  try {
    return await use(session);
  } finally {
    checks.close();
    await opened.close();
  }
}

/**
 * The suite's target; a code-form suite's function is called in a Worker that imports the suite
 * module again and can not write a file (ADR 0083).
 */
function openSuiteTarget(loaded: LoadedSuite, models: ModelPool): Target {
  const spec = loaded.suite.target;
  const module = suiteModuleOf(loaded).module;
  if (spec.kind !== "function" || module === undefined) {
    return openTarget(spec, { suiteDir: loaded.dir, models });
  }
  return workerTarget(module.url, {
    pick: "suite-target",
    env: userEnv(spec.env),
    who: `target function "${spec.name}"`,
    loadTimeoutMs: module.loadTimeoutMs,
    onTimeout: () =>
      new SuiteLoadError(
        `the module did not finish loading for its target within ${module.loadTimeoutMs} ms ` +
          "(a top-level await that never settles?)",
        { file: module.source },
      ),
    refuse: (opened) =>
      opened.kind === "failed"
        ? new SuiteLoadError(
          `the module did not load again for its target (${opened.error.name}: ` +
            `${opened.error.message})`,
          { file: module.source },
        )
        : new SuiteLoadError(
          "its target is not a function when the module is imported again (a suite whose " +
            "target changes from one import to the next can not be run)",
          { file: module.source },
        ),
  });
}

/** The module a code-form suite was loaded from, whose custom checks run sandboxed. */
function suiteModuleOf(loaded: LoadedSuite): { module?: SuiteModule } {
  if (!CODE_SUITE_EXTENSIONS.includes(extname(loaded.source).toLowerCase())) return {};
  const path = join(loaded.dir, basename(loaded.source));
  return {
    module: {
      url: pathToFileURL(path).href,
      source: loaded.source,
      loadTimeoutMs: loadTimeoutMs(),
    },
  };
}
