/**
 * JSON with comments, as Deno reads deno.json and deno.jsonc: `//` and `/* *\/` comments and
 * trailing commas are allowed.
 *
 * @module
 */

/** A JSONC text that does not parse, and the line where it went wrong. */
export class JsoncSyntaxError extends SyntaxError {
  readonly line: number;
  constructor(message: string, options: { line: number }) {
    super(message);
    this.name = "JsoncSyntaxError";
    this.line = options.line;
  }
}

/**
 * The value of a JSONC text: comments become blanks and trailing commas are dropped (each kept
 * character keeps its place, so a syntax error's position is the text's), then JSON.parse.
 *
 * @example
 * ```ts
 * import { deepStrictEqual as assertEquals } from "node:assert/strict";
 * const text = '{\n  // the map\n  "imports": { "a": "./a.ts", }, /* done *\/\n}';
 * assertEquals(parseJsonc(text), { imports: { a: "./a.ts" } });
 * ```
 */
export function parseJsonc(text: string): unknown {
  // A byte order mark, which editors on Windows write, is not part of the document.
  const plain = withoutTrailingCommas(withoutComments(text.replace(/^\uFEFF/, " ")));
  try {
    return JSON.parse(plain);
  } catch (error) {
    const at = Number(/position (\d+)/.exec(String(error))?.[1] ?? NaN);
    const line = Number.isNaN(at) ? 1 : text.slice(0, at).split("\n").length;
    throw new JsoncSyntaxError((error as Error).message, { line });
  }
}

function withoutComments(text: string): string {
  return outsideStrings(text, (i) => {
    if (text[i] !== "/") return undefined;
    if (text[i + 1] === "/") {
      const end = text.indexOf("\n", i);
      const stop = end === -1 ? text.length : end;
      return { put: " ".repeat(stop - i), next: stop };
    }
    if (text[i + 1] === "*") {
      const end = text.indexOf("*/", i + 2);
      const stop = end === -1 ? text.length : end + 2;
      return { put: text.slice(i, stop).replace(/[^\n]/g, " "), next: stop };
    }
    return undefined;
  });
}

function withoutTrailingCommas(text: string): string {
  return outsideStrings(text, (i) => {
    if (text[i] !== ",") return undefined;
    let next = i + 1;
    while (next < text.length && /\s/.test(text[next])) next++;
    return text[next] === "}" || text[next] === "]" ? { put: " ", next: i + 1 } : undefined;
  });
}

/**
 * `text` with string literals kept as they are and, outside them, each place `replace` answers
 * for put in its stead (the rest kept a character at a time).
 */
function outsideStrings(
  text: string,
  replace: (at: number) => { put: string; next: number } | undefined,
): string {
  let out = "";
  let i = 0;
  while (i < text.length) {
    if (text[i] === '"') {
      const end = stringEnd(text, i);
      out += text.slice(i, end);
      i = end;
      continue;
    }
    const piece = replace(i);
    if (piece === undefined) {
      out += text[i];
      i++;
    } else {
      out += piece.put;
      i = piece.next;
    }
  }
  return out;
}

/** The index just past the string literal that opens at `start`. */
function stringEnd(text: string, start: number): number {
  let i = start + 1;
  while (i < text.length && text[i] !== '"') i += text[i] === "\\" ? 2 : 1;
  return Math.min(i + 1, text.length);
}
