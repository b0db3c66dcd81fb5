import config from "../../deno.json" with { type: "json" };
import { serveStdio } from "../../mcp/mod.ts";
import type { Command } from "../command.ts";
import { openStore, parseCommandArgs } from "../options.ts";

/** `digline mcp`: serve the tools to a coding agent over MCP on stdio. */
export const mcpCommand: Command = {
  name: "mcp",
  summary: "serve the commands that read or run to a coding agent, over MCP on stdio",
  help: [
    "usage: digline mcp [--store DIR] [--tenant NAME]",
    "",
    "Starts an MCP server on stdin and stdout for a coding agent's client. Its tools mirror the",
    "commands that read or run: run, list, view, log, compare, explain, report, diff. There is no",
    "promote tool: an agent can not approve its own baseline. Each result carries the command's",
    "--json document and its exit code as the field exit_code. stdout carries only the",
    "protocol; logs go to stderr. Runs until the client closes stdin. See docs/mcp.md.",
    "",
    "options:",
    "  --tenant NAME   the store namespace every tool uses (default: default)",
    "  --store DIR     the store directory every tool uses (default: .digline)",
    "  -h, --help      show this help",
  ].join("\n"),
  async execute(args) {
    const { values } = parseCommandArgs(args, {
      command: "mcp",
      options: {},
      positionals: { min: 0, max: 0 },
    });
    const store = openStore(values);
    await serveStdio({
      store: { root: store.root, tenant: store.tenant },
      version: config.version,
    });
    return 0;
  },
};
