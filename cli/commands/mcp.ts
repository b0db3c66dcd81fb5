import config from "../../deno.json" with { type: "json" };
import { serveStdio } from "../../mcp/mod.ts";
import type { Command } from "../command.ts";
import { openStore, parseCommandArgs } from "../options.ts";

/** `digline mcp`: serve the tools to a coding agent over MCP on stdio. */
export const mcpCommand: Command = {
  name: "mcp",
  summary: "serve the commands that read or run to a coding agent, over MCP on stdio",
  help: [
    "usage: digline mcp [--store DIR] [--tenant NAME] [--allow-command PROGRAM,...]",
    "",
    "Starts an MCP server on stdin and stdout for a coding agent's client. Its tools mirror the",
    "commands that read or run: run, list, view, log, compare, explain, report, diff. There is no",
    "promote tool: an agent can not approve its own baseline. Each result carries the command's",
    "--json document and its exit code as the field exit_code. stdout carries only the",
    "protocol; logs go to stderr. Runs until the client closes stdin. See docs/mcp.md.",
    "",
    "A run executes in a worker that may write only runs, the run journal and confirmations, so",
    "nothing a suite runs can write an approval. A suite with a command target is refused unless",
    "its program is granted with --allow-command; a granted program runs outside Deno's",
    "permissions, and the server then tells the agent that the promote wall is unenforced.",
    "",
    "options:",
    "  --tenant NAME   the store namespace every tool uses (default: default)",
    "  --store DIR     the store directory every tool uses (default: .digline)",
    "  --allow-command PROGRAM,...",
    "                  let a command target start exactly these programs (the promote wall",
    "                  is then unenforced, and the server says so)",
    "  -h, --help      show this help",
  ].join("\n"),
  async execute(args) {
    const { values } = parseCommandArgs(args, {
      command: "mcp",
      options: { "allow-command": { type: "string" } },
      positionals: { min: 0, max: 0 },
    });
    const store = openStore(values);
    await serveStdio({
      store: { root: store.root, tenant: store.tenant },
      version: config.version,
      commands: (values["allow-command"] ?? "").split(",").map((c) => c.trim()).filter((c) =>
        c !== ""
      ),
    });
    return 0;
  },
};
