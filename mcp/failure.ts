import { decideFailure } from "../host/process/failure.ts";
import type { Envelope } from "./envelope.ts";

/**
 * The envelope of a tool call that failed, by the failure rule the CLI and the operator share
 * (host/process/failure.ts). It is never thrown on to the SDK, whose McpServer would turn any thrown error
 * into a bare-message tool error that reads exactly like a refusal (see docs/adr/0013).
 */
export function failureEnvelope(error: unknown): Envelope {
  const { exitCode, ...failure } = decideFailure(error);
  return { exit_code: exitCode, error: failure };
}
