import { resolve } from "node:path";
import type { JsonObject } from "../../core/json.ts";
import { abortError, clip, errorMessage } from "../calls/call_errors.ts";
import { decodeOutput } from "../files/utf8.ts";
import { type CallOptions, type Target, TransportError } from "../calls/target.ts";

/**
 * Opens a command target: one process per call, the vars as one JSON object on stdin, the
 * output read from stdout with its final newline removed.
 */
export function openCommandTarget(
  spec: { command: string[]; cwd: string },
  options: { suiteDir: string },
): Target {
  const [program, ...args] = spec.command;
  const cwd = resolve(options.suiteDir, spec.cwd);
  const live = new Set<Deno.ChildProcess>();
  return {
    async call(vars: JsonObject, callOptions: CallOptions): Promise<string> {
      const { signal } = callOptions;
      if (signal.aborted) throw abortError(signal);
      let child: Deno.ChildProcess;
      try {
        child = new Deno.Command(program, {
          args,
          cwd,
          stdin: "piped",
          stdout: "piped",
          stderr: "piped",
        }).spawn();
      } catch (e) {
        throw new TransportError(
          `the command "${program}" could not be started: ${errorMessage(e)}`,
          { cause: e },
        );
      }
      live.add(child);
      // SIGKILL rather than Deno.Command's own signal option (SIGTERM): a hung target may
      // ignore SIGTERM, and the driver has already given up on it.
      const kill = () => killQuietly(child);
      signal.addEventListener("abort", kill, { once: true });
      try {
        // Collect output before writing stdin: a child that answers before reading all of a
        // large input would otherwise fill its stdout pipe and wait on us forever.
        const collected = child.output();
        await writeStdin(child, JSON.stringify(vars));
        const result = await collected;
        if (signal.aborted) throw abortError(signal);
        if (!result.success) throw exitError(result);
        return withoutFinalNewline(decodeOutput(result.stdout, callOptions.onOutputNote));
      } finally {
        signal.removeEventListener("abort", kill);
        live.delete(child);
      }
    },
    close(): Promise<void> {
      for (const child of live) killQuietly(child);
      live.clear();
      return Promise.resolve();
    },
  };
}

/** Removes exactly one final "\n" or "\r\n": what a program prints after its answer. */
export function withoutFinalNewline(text: string): string {
  if (text.endsWith("\r\n")) return text.slice(0, -2);
  if (text.endsWith("\n")) return text.slice(0, -1);
  return text;
}

async function writeStdin(child: Deno.ChildProcess, text: string): Promise<void> {
  const writer = child.stdin.getWriter();
  try {
    await writer.write(new TextEncoder().encode(text));
    await writer.close();
  } catch {
    // A program that exits without reading its input closes the pipe (EPIPE); its exit status
    // is what tells the user what happened, so the write error is not the story.
    await writer.abort().catch(() => {});
  }
}

function exitError(result: Deno.CommandOutput): TransportError {
  const stderr = lastLine(new TextDecoder().decode(result.stderr));
  const how = result.signal !== null
    ? `the command was killed by ${result.signal}`
    : `the command exited ${result.code}`;
  return new TransportError(stderr === "" ? `${how} (nothing on stderr)` : `${how}: ${stderr}`);
}

function lastLine(text: string): string {
  const lines = text.split(/\r?\n/).map((line) => line.trim()).filter((line) => line !== "");
  return clip(lines.at(-1) ?? "");
}

function killQuietly(child: Deno.ChildProcess): void {
  try {
    child.kill("SIGKILL");
  } catch {
    // Already exited: nothing left to stop.
  }
}
