import { describeModel } from "../model/connection.ts";
import type { TargetSpec } from "./target_spec.ts";

/** A target's identity as a run document records it: what was asked, never a secret. */
export function targetIdentity(spec: TargetSpec): { kind: string; name: string } {
  switch (spec.kind) {
    case "command":
      return { kind: "command", name: spec.command.join(" ") };
    case "module":
      return { kind: "module", name: `${spec.module}#${spec.export}` };
    case "http":
      return { kind: "http", name: spec.url };
    case "function":
      return { kind: "function", name: spec.name };
    case "provider":
      return { kind: "provider", name: describeModel(spec.connection) };
  }
}
