/**
 * The MCP server: a second front end over the same host as the CLI. Each tool calls the host
 * function its CLI command calls and returns the same `--json` document, in an envelope that
 * carries the command's exit code (see docs/mcp.md). There is no tool that approves a run.
 *
 * @module
 */
export { createServer, type ServerOptions } from "./server.ts";
export { serveStdio } from "./stdio.ts";
export { TOOLS } from "./tools/mod.ts";
export { NO_WORKER_NOTE } from "./run_in_worker.ts";
export type { DiglineTool, ToolContext } from "./tool.ts";
export { type Envelope, envelopeSchema, type ToolError, ToolErrorSchema } from "./envelope.ts";
