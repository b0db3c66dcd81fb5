/** One frame of a V8 stack trace that points into a file. */
export interface StackFrame {
  /** As the stack names it: a file: or https: URL, or a path. */
  file: string;
  line: number;
  column: number;
}

// deno-lint-ignore no-control-regex
const ANSI = /\x1b\[[0-9;]*m/g;

/** Removes the colour codes Deno puts into some error messages and stacks. */
export function stripAnsi(text: string): string {
  return text.replace(ANSI, "");
}

/**
 * The frames of a V8 stack that point into a file, innermost first. Frames inside the runtime
 * (`ext:`, `node:`, `<anonymous>`) and eval frames are left out: they are nobody's source.
 *
 * @example
 * ```ts
 * import { deepEqual } from "node:assert/strict";
 * const stack = "Error: x\n    at f (file:///a/lib.ts:2:9)\n    at async file:///a/suite.ts:3:1";
 * deepEqual(parseStackFrames(stack).map((f) => `${f.file}:${f.line}`), [
 *   "file:///a/lib.ts:2",
 *   "file:///a/suite.ts:3",
 * ]);
 * ```
 */
export function parseStackFrames(stack: string): StackFrame[] {
  const frames: StackFrame[] = [];
  for (const raw of stripAnsi(stack).split("\n")) {
    const line = raw.trim();
    if (!line.startsWith("at ")) continue;
    // "at fn (location)" or "at location". A function name holds no "(", a path may.
    const body = line.slice(3);
    const location = body.endsWith(")") && body.includes("(")
      ? body.slice(body.indexOf("(") + 1, -1)
      : body.replace(/^async /, "");
    const match = /^(.*):(\d+):(\d+)$/.exec(location);
    if (match === null || !isSourceFile(match[1])) continue;
    frames.push({ file: match[1], line: Number(match[2]), column: Number(match[3]) });
  }
  return frames;
}

function isSourceFile(file: string): boolean {
  return /^(?:file|https?):\/\//.test(file) || file.startsWith("/") || /^[A-Za-z]:[\\/]/.test(file);
}
