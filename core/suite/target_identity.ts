import { describeModel, type ModelConnection } from "../model/connection.ts";

/** What a target's identity is read from: every TargetSpec (target_spec.ts) is one. */
type IdentifiedTarget =
  | { kind: "command"; command: readonly string[] }
  | { kind: "module"; name: string; export: string }
  | { kind: "http"; url: string }
  | { kind: "function"; name: string }
  | { kind: "provider"; connection: Pick<ModelConnection, "provider" | "model" | "base_url"> };

/** A target's identity as a run document records it: what was asked, never a secret. */
export function targetIdentity(spec: IdentifiedTarget): { kind: string; name: string } {
  switch (spec.kind) {
    case "command":
      return { kind: "command", name: spec.command.join(" ") };
    case "module":
      return { kind: "module", name: `${spec.name}#${spec.export}` };
    case "http":
      return { kind: "http", name: spec.url };
    case "function":
      return { kind: "function", name: spec.name };
    case "provider":
      return { kind: "provider", name: describeModel(spec.connection) };
  }
}
