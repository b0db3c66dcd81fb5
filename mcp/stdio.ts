import process from "node:process";
import { StdioServerTransport } from "./_sdk.ts";
import { routeConsoleToStderr } from "./quiet_stdout.ts";
import { createServer, type ServerOptions } from "./server.ts";

/**
 * Serves the MCP server on stdin and stdout until the client closes stdin. Nothing but the
 * protocol reaches stdout: console output goes to stderr, which clients keep as the server log.
 */
export async function serveStdio(options: ServerOptions): Promise<void> {
  routeConsoleToStderr();
  const server = createServer(options);
  const closed = new Promise<void>((resolve) => {
    server.server.onclose = () => resolve();
  });
  await server.connect(new StdioServerTransport());
  // The SDK's stdio transport does not notice the end of its input; the client closing it is
  // how a stdio server is told to stop.
  process.stdin.once("end", () => void server.close());
  await closed;
}
