/**
 * Targets: the systems under test, opened from a suite's TargetSpec.
 *
 * @module
 */
import type { TargetSpec } from "../../core/target_spec.ts";
import { openCommandTarget } from "./command.ts";
import { openFunctionTarget } from "./function.ts";
import { openHttpTarget } from "./http.ts";
import { openModuleTarget } from "./module.ts";
import type { Target } from "./target.ts";

export { type CallOptions, type Target, TargetShapeError, TransportError } from "./target.ts";

/** Opens the target a suite declares; relative paths in the spec are read from `suiteDir`. */
export function openTarget(spec: TargetSpec, options: { suiteDir: string }): Target {
  switch (spec.kind) {
    case "command":
      return openCommandTarget(spec, options);
    case "module":
      return openModuleTarget(spec, options);
    case "http":
      return openHttpTarget(spec);
    case "function":
      return openFunctionTarget(spec.fn, { name: spec.name });
  }
}
