import config from "../../deno.json" with { type: "json" };
import { serveStdio } from "../../mcp/mod.ts";
import type { McpInput } from "../commands/mcp.ts";
import type { Io } from "../io.ts";
import { openStore } from "./_shared.ts";

/** What `digline mcp` does; its declaration is cli/commands/mcp.ts. */
export async function execute(
  { values }: McpInput,
  _io: Io,
): Promise<number> {
  const store = openStore(values);
  await serveStdio({
    store: { root: store.root, tenant: store.tenant },
    version: config.version,
    commands: listOf(values["allow-command"]),
    userEnv: listOf(values["user-env"]),
  });
  return 0;
}

function listOf(value: string | undefined): string[] {
  return (value ?? "").split(",").map((item) => item.trim()).filter((item) => item !== "");
}
