/**
 * Checks as a run asks them: judges bound to the run's model clients, regex checks run under
 * the target's timeout_ms in Workers that can be stopped, and a code-form suite's custom checks
 * run in a Worker with no permissions.
 *
 * @module
 */
import type { Assertion } from "../../core/suite/assertions/assertion.ts";
import { isJudgeAssertion } from "../../core/suite/assertions/builtin.ts";
import type { ModelPool } from "../models/pool.ts";
import { boundRegexChecks } from "./bounded_regex.ts";
import { openRegexPool } from "./regex_pool.ts";
import type { CheckSandbox } from "./sandbox.ts";
import { SuiteLoadError } from "../process/refusals.ts";
import type { ImpureCheckError } from "../user_code/impure_check.ts";

/** The assertions a run asks, and what to release when it ends. */
export interface BoundChecks {
  assertions: Assertion[];
  /** Stops the Workers the checks started; the run calls it once it is done asking. */
  close(): void;
  /** A check declared pure that answered one input two ways, once one has. */
  impure(): Error | undefined;
}

/** The suite module custom checks are imported from again, in the sandbox. */
export interface SuiteModule {
  /** The module's file URL. */
  url: string;
  /** The module as the user named it, for messages. */
  source: string;
  /** How long the sandbox may take to import it. */
  loadTimeoutMs: number;
}

/**
 * Binds every check that needs the host: judges to models, regexes to a bounded pool, custom
 * checks of a suite module to a sandbox (refused, naming the file, when the module does not
 * load without permissions). Custom checks of a suite built in memory have no module to import
 * again, so they run in this process, a promise they answer raced against timeoutMs.
 */
export async function bindChecks(
  assertions: readonly Assertion[],
  options: { models: ModelPool; timeoutMs: number; module?: SuiteModule },
): Promise<BoundChecks> {
  // The code of judges and custom checks (model clients, the sandbox) is imported only when the
  // suite has such a check: a suite of built-in checks starts its first case without it.
  const hasCustom = assertions.some((a) => a.kind === "custom");
  let sandbox: CheckSandbox | undefined;
  if (hasCustom && options.module !== undefined) {
    const { findDynamicImport } = await import("./dynamic_imports.ts");
    const found = await findDynamicImport(options.module.url);
    if (found !== undefined) {
      throw new SuiteLoadError(
        "a suite with custom checks can not use a dynamic import(): its checks run in a sandbox " +
          "that may load only what the module statically imports (a dynamic import of a " +
          "package name reaches the registry); import it statically at the top of the module",
        { file: found.file, line: found.line },
      );
    }
    const { openCheckSandbox } = await import("./sandbox.ts");
    sandbox = await openCheckSandbox(options.module.url, options.module);
  }
  const pool = openRegexPool();
  const impure: { found?: ImpureCheckError } = {};
  const judged = assertions.some(isJudgeAssertion)
    ? (await import("../judges/mod.ts")).bindJudges(assertions, { models: options.models })
    : assertions;
  const bounded = boundRegexChecks(judged, { pool, timeoutMs: options.timeoutMs });
  const custom = !hasCustom
    ? bounded
    : sandbox === undefined
    ? (await import("./in_process_custom.ts")).boundInProcessCustomChecks(bounded, {
      timeoutMs: options.timeoutMs,
    })
    : (await import("./sandboxed_custom.ts")).sandboxCustomChecks(bounded, {
      sandbox,
      timeoutMs: options.timeoutMs,
      impure,
    });
  return {
    assertions: custom,
    close: () => {
      pool.close();
      sandbox?.close();
    },
    impure: () => impure.found,
  };
}
