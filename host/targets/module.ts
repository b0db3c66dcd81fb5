import { isAbsolute, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { loadTimeoutMs } from "../user_code/load_deadline.ts";
import { rebuiltError, userEnv, workerTarget } from "../user_code/worker_target.ts";
import { errorMessage } from "../calls/call_errors.ts";
import { type Target, TargetShapeError } from "../calls/target.ts";

/**
 * Opens a module target. The module is imported in a Worker that can not write a file (ADR
 * 0083), once, on the first call or at `open`; a missing or non-function export is a
 * TargetShapeError, which the driver lets through as a refusal instead of retrying it.
 */
export function openModuleTarget(
  spec: { module: string; export: string; env?: string[] },
  options: { suiteDir: string },
): Target {
  const url = moduleUrl(spec.module, options.suiteDir);
  const limit = loadTimeoutMs();
  const shape = { module: spec.module, export: spec.export };
  return workerTarget(url, {
    pick: { export: spec.export },
    env: userEnv(spec.env),
    who: `module export "${spec.export}"`,
    loadTimeoutMs: limit,
    onTimeout: () =>
      new TargetShapeError(
        `Cannot load target module "${spec.module}": it did not finish loading within ${limit} ` +
          "ms (a top-level await that never settles?); make its top level finish, or set " +
          "DIGLINE_LOAD_TIMEOUT_MS to wait longer",
        shape,
      ),
    refuse: (opened) => {
      if (opened.kind === "failed") {
        const cause = rebuiltError(opened.error);
        return new TargetShapeError(
          `Cannot load target module "${spec.module}": ${errorMessage(cause)}`,
          { ...shape, cause },
        );
      }
      const exports = opened.kind === "shape" ? opened.exports : [];
      const type = opened.kind === "shape" ? opened.type : undefined;
      const has = exports.length === 0
        ? "it has no exports"
        : `its exports are ${exports.map((name) => `"${name}"`).join(", ")}`;
      const problem = type === undefined
        ? `has no export "${spec.export}"`
        : `exports "${spec.export}" as a ${type}, not a function`;
      return new TargetShapeError(
        `Target module "${spec.module}" ${problem}: ${has}; set the target's export to the ` +
          "function that answers a case",
        shape,
      );
    },
  });
}

/** Resolves a module path or URL to a URL string; relative paths are read from the suite's folder. */
export function moduleUrl(module: string, suiteDir: string): string {
  if (/^[a-z][a-z0-9+.-]*:/i.test(module) && !/^[a-z]:[\\/]/i.test(module)) return module;
  return pathToFileURL(isAbsolute(module) ? module : resolve(suiteDir, module)).href;
}
