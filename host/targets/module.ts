import { isAbsolute, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import type { JsonObject } from "../../core/json.ts";
import { loadTimeoutMs, withinDeadline } from "../load_deadline.ts";
import { errorMessage } from "./_shared.ts";
import { callGuarded } from "./function.ts";
import { type CallOptions, type Target, TargetShapeError } from "./target.ts";

type ModuleFunction = (vars: JsonObject, context: { signal: AbortSignal }) => unknown;

/**
 * Opens a module target. The module is imported once, on the first call (opening stays
 * synchronous); a missing or non-function export is a TargetShapeError, which the driver lets
 * through as a refusal instead of retrying it.
 */
export function openModuleTarget(
  spec: { module: string; export: string },
  options: { suiteDir: string },
): Target {
  const url = moduleUrl(spec.module, options.suiteDir);
  const who = `module export "${spec.export}"`;
  let loading: Promise<ModuleFunction> | undefined;
  return {
    async open(): Promise<void> {
      loading ??= loadExport(url, spec);
      await loading;
    },
    async call(vars: JsonObject, callOptions: CallOptions): Promise<string> {
      loading ??= loadExport(url, spec);
      const fn = await loading;
      return callGuarded(fn, vars, { signal: callOptions.signal, who });
    },
    close(): Promise<void> {
      return Promise.resolve();
    },
  };
}

/** Resolves a module path or URL to a URL string; relative paths are read from the suite's folder. */
export function moduleUrl(module: string, suiteDir: string): string {
  if (/^[a-z][a-z0-9+.-]*:/i.test(module) && !/^[a-z]:[\\/]/i.test(module)) return module;
  return pathToFileURL(isAbsolute(module) ? module : resolve(suiteDir, module)).href;
}

async function loadExport(
  url: string,
  spec: { module: string; export: string },
): Promise<ModuleFunction> {
  let namespace: Record<string, unknown>;
  const limit = loadTimeoutMs();
  try {
    namespace = await withinDeadline(import(url), {
      ms: limit,
      onTimeout: () =>
        new Error(
          `it did not finish loading within ${limit} ms (a top-level await that never settles?); ` +
            "make its top level finish, or set DIGLINE_LOAD_TIMEOUT_MS to wait longer",
        ),
    });
  } catch (e) {
    throw new TargetShapeError(
      `Cannot load target module "${spec.module}": ${errorMessage(e)}`,
      { ...spec, cause: e },
    );
  }
  const value = namespace[spec.export];
  if (typeof value === "function") return value as ModuleFunction;
  const exports = Object.keys(namespace).sort();
  const has = exports.length === 0
    ? "it has no exports"
    : `its exports are ${exports.map((name) => `"${name}"`).join(", ")}`;
  const problem = value === undefined
    ? `has no export "${spec.export}"`
    : `exports "${spec.export}" as a ${typeof value}, not a function`;
  throw new TargetShapeError(
    `Target module "${spec.module}" ${problem}: ${has}; set the target's export to the function ` +
      "that answers a case",
    spec,
  );
}
