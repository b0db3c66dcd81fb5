/**
 * What every digline tool returns: the `--json` document of the matching CLI command, untouched,
 * beside the exit code the CLI would have exited with. A tool has no process to exit, so the code
 * travels as a field.
 *
 * @module
 */
import { scrubbedValue } from "../host/process/secrets.ts";
import { z } from "zod";
import type { CallToolResult } from "./_sdk.ts";
import { INTERNAL_FAILURE_LINE } from "../host/process/exit_codes.ts";
import { REPORT_FORMATS, type ReportFormat } from "../core/report/mod.ts";

/** Why a tool produced no document. */
export const ToolErrorSchema = z.strictObject({
  kind: z.enum(["refused", "unexpected", "cancelled"]).describe(
    "refused: the request was wrong, the CLI's exit 64; unexpected: a failure digline did not " +
      "anticipate, exit 70, not a verdict; cancelled: the client cancelled the call",
  ),
  type: z.string().describe("the error's class, such as RunNotFoundError or SuiteRaisedError"),
  message: z.string().describe("for a refusal, the sentence the CLI prints after `digline: `"),
  fields: z.record(z.string(), z.unknown()).optional().describe(
    "what a refusal carries beyond its sentence: file, line, run, suite, ...",
  ),
  trace: z.string().optional().describe("unexpected only: the stack trace"),
});
/** Why a tool produced no document. */
export type ToolError = z.infer<typeof ToolErrorSchema>;

/** The report tool's text, beside the comparison's document. */
export const ReportTextSchema = z.strictObject({
  format: z.enum(REPORT_FORMATS),
  text: z.string().describe("the report exactly as `digline report --format FORMAT` prints it"),
});

/**
 * The envelope of one tool's results, with that tool's document schema inside; `report` only
 * for the report tool.
 */
export function envelopeSchema(
  document: z.ZodType,
  options: { report?: boolean } = {},
): z.ZodObject {
  return z.strictObject({
    exit_code: z.literal([0, 1, 2, 64, 70, 130]).describe(
      "the code the matching CLI command exits with: 0, 1 or 2 from a gate (compare, explain, " +
        "report), 0 from every other tool; 64 refused; 70 a failure digline did not anticipate; " +
        "130 cancelled",
    ),
    document: document.optional().describe(
      "the document the CLI prints with --json, the same data; absent on an error",
    ),
    error: ToolErrorSchema.optional().describe("present exactly when the result is an error"),
    notes: z.array(z.string()).optional().describe(
      "what the CLI prints as `digline: note: ...` on stderr, such as a dropped journal line",
    ),
    ...(options.report ? { report: ReportTextSchema.optional() } : {}),
  });
}

/** The codes a tool result can carry, with the CLI's meanings. */
export type ExitCode = 0 | 1 | 2 | 64 | 70 | 130;

/** One tool's answer: either a document or an error, and always an exit code. */
export interface Envelope {
  exit_code: ExitCode;
  document?: unknown;
  error?: ToolError;
  notes?: string[];
  /** The report tool only. */
  report?: { format: ReportFormat; text: string };
}

/**
 * The MCP result of an envelope. The last content block is always the envelope as JSON, for
 * clients that drop structuredContent. Before it comes what the CLI would have printed for a
 * person: an error's one-line sentence (or the traceback and the line under it), a report's text.
 */
export function toolResult(unscrubbed: Envelope): CallToolResult {
  // Every string of the result passes the one scrub, whatever tool produced it.
  const envelope = scrubbedValue(unscrubbed);
  const json = { type: "text" as const, text: JSON.stringify(envelope, null, 2) };
  if (envelope.error === undefined) {
    const report = envelope.report === undefined
      ? []
      : [{ type: "text" as const, text: envelope.report.text }];
    return { content: [...report, json], structuredContent: { ...envelope } };
  }
  return {
    content: [{ type: "text", text: errorText(envelope.error) }, json],
    structuredContent: { ...envelope },
    isError: true,
  };
}

function errorText(error: ToolError): string {
  return error.kind === "unexpected"
    ? `${error.trace ?? `${error.type}: ${error.message}`}\n${INTERNAL_FAILURE_LINE}`
    : error.message;
}
