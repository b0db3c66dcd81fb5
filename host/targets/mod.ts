/**
 * Targets: the systems under test, opened from a suite's TargetSpec.
 *
 * @module
 */
import type { TargetSpec } from "../../core/suite/target_spec.ts";
import { openCommandTarget } from "./command.ts";
import { openFunctionTarget } from "./function.ts";
import { openHttpTarget } from "./http.ts";
import { openModuleTarget } from "./module.ts";
import type { ModelPool } from "../models/pool.ts";
import { openProviderTarget } from "./provider.ts";
import type { Target } from "../calls/target.ts";

export {
  type CallOptions,
  type Target,
  TargetShapeError,
  TransportError,
} from "../calls/target.ts";

/**
 * Opens the target a suite declares; relative paths in the spec are read from `suiteDir`. A
 * provider target takes its client from `models` (the run's pool, shared with its judges), and
 * reads its key now, so a missing key is refused before any case runs.
 */
export function openTarget(
  spec: TargetSpec,
  options: { suiteDir: string; models?: ModelPool },
): Target {
  switch (spec.kind) {
    case "command":
      return openCommandTarget(spec, options);
    case "module":
      return openModuleTarget(spec, options);
    case "http":
      return openHttpTarget(spec);
    case "function":
      return openFunctionTarget(spec.fn, { name: spec.name });
    case "provider":
      if (options.models === undefined) {
        throw new Error("Opening a provider target needs the run's model pool (options.models)");
      }
      return openProviderTarget(spec, { models: options.models });
  }
}
