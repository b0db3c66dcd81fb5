import { join } from "node:path";
import { cliFlags, ROOT } from "../cli/_cli.ts";
import { installedEnv } from "../tools/_installed.ts";
import { type CallToolResult, Client, type Progress, StdioClientTransport } from "./_sdk.ts";

/** An MCP client connected to a real `digline mcp` subprocess, and what it wrote to stderr. */
export interface Session {
  client: Client;
  /** Everything the server wrote to stderr so far. */
  stderr(): string;
  /** What the client could not read as protocol: a line on stdout that is not JSON-RPC, ... */
  protocolErrors: Error[];
  close(): Promise<void>;
}

/**
 * Spawns `deno run <the digline task's flags> cli/main.ts mcp` in `cwd` and connects the SDK's
 * own client to it over stdio, as an agent's client would. With `installRoot`, it starts the
 * installed command instead, `digline mcp`, as docs/mcp.md registers it.
 */
export async function connect(
  cwd: string,
  options: {
    args?: string[];
    extraFlags?: string[];
    entry?: string;
    installRoot?: string;
    /** Variables set in the server's launch configuration, beside this process's own. */
    env?: Record<string, string>;
  } = {},
): Promise<Session> {
  const transport = new StdioClientTransport({
    ...(options.installRoot === undefined
      ? {
        command: Deno.execPath(),
        args: [
          "run",
          "--config",
          join(ROOT, "deno.json"),
          ...cliFlags(),
          ...(options.extraFlags ?? []),
          options.entry ?? join(ROOT, "cli", "main.ts"),
          "mcp",
          ...(options.args ?? []),
        ],
        env: { ...Deno.env.toObject(), NO_COLOR: "1", ...options.env },
      }
      : {
        command: "digline",
        args: ["mcp", ...(options.args ?? [])],
        env: { ...installedEnv(options.installRoot), ...options.env },
      }),
    cwd,
    stderr: "pipe",
  });
  let stderr = "";
  transport.stderr?.on("data", (chunk: Uint8Array) => {
    stderr += new TextDecoder().decode(chunk);
  });
  const client = new Client({ name: "digline-tests", version: "0.0.0" });
  const protocolErrors: Error[] = [];
  client.onerror = (error) => protocolErrors.push(error);
  await client.connect(transport);
  return { client, stderr: () => stderr, protocolErrors, close: () => client.close() };
}

/** The envelope of a digline tool result, as structuredContent carries it. */
export interface Envelope {
  exit_code: number;
  document?: Record<string, unknown>;
  error?: { kind: string; type: string; message: string; trace?: string; fields?: unknown };
  notes?: string[];
  report?: { format: string; text: string };
}

/** Calls a tool and returns its result and envelope, checking the two copies agree. */
export async function call(
  session: Session,
  name: string,
  args: Record<string, unknown> = {},
  options: { onprogress?: (progress: Progress) => void } = {},
): Promise<{ result: CallToolResult; envelope: Envelope }> {
  const result = await session.client.callTool(
    { name, arguments: args },
    undefined,
    { onprogress: options.onprogress },
  ) as CallToolResult;
  if (session.protocolErrors.length > 0) {
    throw new Error(`the client could not read the server: ${session.protocolErrors.join("; ")}`);
  }
  const envelope = result.structuredContent as unknown as Envelope;
  const last = result.content.at(-1);
  if (last?.type !== "text" || JSON.stringify(JSON.parse(last.text)) !== JSON.stringify(envelope)) {
    throw new Error(`the last text block is not the envelope: ${JSON.stringify(result)}`);
  }
  return { result, envelope };
}

/** The text of a result's first content block. */
export function firstText(result: CallToolResult): string {
  const first = result.content[0];
  if (first?.type !== "text") throw new Error(`no text block: ${JSON.stringify(result)}`);
  return first.text;
}
