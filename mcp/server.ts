import {
  McpServer,
  type RequestHandlerExtra,
  type ServerNotification,
  type ServerRequest,
} from "./_sdk.ts";
import { scrub } from "../host/process/secrets.ts";
import { INTERNAL_FAILURE_LINE } from "../host/process/exit_codes.ts";
import type { StoreLocation } from "../host/store/store.ts";
import { type Envelope, envelopeSchema, toolResult } from "./envelope.ts";
import { failureEnvelope } from "./failure.ts";
import { instructionsFor } from "./instructions.ts";
import type { DiglineTool, ToolContext } from "./tool.ts";
import { TOOLS } from "./tools/mod.ts";

/** What the server serves. */
export interface ServerOptions {
  /** The store every tool reads and `run` writes: `--store` and `--tenant`. */
  store: StoreLocation;
  /** digline's version, told to the client. */
  version: string;
  /**
   * The programs a `command` target may start (`--allow-command`); none by default, and then
   * nothing a run executes can write an approval (see run_in_worker.ts).
   */
  commands?: readonly string[];
  /**
   * The variables a suite's `env` may hand its system (`--user-env`); none by default, and then a
   * suite that declares any is refused.
   */
  userEnv?: readonly string[];
}

type Extra = RequestHandlerExtra<ServerRequest, ServerNotification>;

/** Builds the MCP server: one tool per command that reads or runs, and none that approves. */
export function createServer(options: ServerOptions): McpServer {
  const server = new McpServer(
    { name: "digline", version: options.version },
    { instructions: instructionsFor(options.commands ?? []) },
  );
  for (const tool of TOOLS) {
    server.registerTool(
      tool.name,
      {
        title: tool.title,
        description: tool.description,
        inputSchema: tool.input,
        outputSchema: envelopeSchema(tool.document, { report: tool.report }),
        annotations: tool.annotations,
      },
      async (args: unknown, extra: Extra) =>
        toolResult(await answer(tool, args, contextOf(options, extra))),
    );
  }
  return server;
}

async function answer(
  tool: DiglineTool,
  args: unknown,
  context: ToolContext,
): Promise<Envelope> {
  let envelope: Envelope;
  try {
    envelope = await tool.call(args as never, context);
  } catch (error) {
    envelope = failureEnvelope(error);
  }
  if (envelope.error?.kind === "unexpected") {
    // The agent gets the trace in the result; the person who started the server gets it too,
    // in the client's server log, as the CLI would have printed it.
    console.error(scrub(`${envelope.error.trace}\n${INTERNAL_FAILURE_LINE}`));
  }
  return envelope;
}

function contextOf(options: ServerOptions, extra: Extra): ToolContext {
  const token = extra._meta?.progressToken;
  return {
    store: options.store,
    commands: options.commands ?? [],
    userEnv: options.userEnv ?? [],
    signal: extra.signal,
    progress(update) {
      if (token === undefined) return;
      extra.sendNotification({
        method: "notifications/progress",
        params: { progressToken: token, ...update },
      }).catch(() => {
        // A progress note the client can no longer receive changes nothing about the run.
      });
    },
  };
}
