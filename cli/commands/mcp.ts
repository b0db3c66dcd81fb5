import type { OptionDeclarations } from "../../host/process/command_line.ts";
import { type CommandInput, defineCommand } from "../define_command.ts";

const options = {
  "allow-command": {
    type: "string",
    value: "PROGRAM,...",
    help:
      "let a command target start exactly these programs (the promote wall is then unenforced, and the server says so)",
  },
  "user-env": {
    type: "string",
    value: "NAME,...",
    help:
      "let a suite's env hand its system exactly these variables (an API key only when named here)",
  },
} as const satisfies OptionDeclarations;

/** What `digline mcp`'s code (cli/actions/mcp.ts) receives. */
export type McpInput = CommandInput<typeof options>;

/** `digline mcp`: serve the tools to a coding agent over MCP on stdio. */
export const mcpCommand = defineCommand({
  name: "mcp",
  summary: "serve the commands that read or run to a coding agent, over MCP on stdio",
  usage: "mcp [--store DIR] [--tenant NAME] [--allow-command PROGRAM,...] [--user-env NAME,...]",
  description: [
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
    "A suite's env (the variables its system reads) may name only what --user-env grants.",
  ],
  options,
  positionals: { min: 0, max: 0 },
});
