import type { z } from "zod";
import type { ToolAnnotations } from "./_sdk.ts";
import type { StoreLocation } from "../host/store/store.ts";
import type { Envelope } from "./envelope.ts";

/** What a tool is handed for one call. */
export interface ToolContext {
  /** The store the server was started on (`--store`, `--tenant`). */
  store: StoreLocation;
  /** The programs the person starting the server let a `command` target run (`--allow-command`). */
  commands: readonly string[];
  /** The variables the person starting the server let a suite's code read (`--user-env`). */
  userEnv: readonly string[];
  /** Aborted when the client cancels the call. */
  signal: AbortSignal;
  /** Tells the client how far a long call has got; does nothing unless the client asked. */
  progress(update: { progress: number; total?: number; message?: string }): void;
}

/** One digline tool: the CLI command it mirrors, said for an agent, and how to answer. */
export interface DiglineTool<S extends z.ZodObject = z.ZodObject> {
  name: string;
  title: string;
  /** Written for an agent: what the tool does, what `document` holds, what exit_code means. */
  description: string;
  input: S;
  /** The schema of the `--json` document the tool returns. */
  document: z.ZodType;
  /** Whether the envelope also carries a report's text (the report tool). */
  report?: boolean;
  annotations: ToolAnnotations;
  /** Answers one call; a thrown error is translated by failureEnvelope. */
  call(args: z.output<S>, context: ToolContext): Promise<Envelope>;
}

/** Declares a tool, keeping its argument types while letting tools of every shape share a list. */
export function defineTool<S extends z.ZodObject>(tool: DiglineTool<S>): DiglineTool {
  return tool as unknown as DiglineTool;
}
