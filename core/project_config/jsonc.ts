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
  let out = "";
  let i = 0;
  while (i < text.length) {
    const c = text[i];
    if (c === '"') {
      const end = stringEnd(text, i);
      out += text.slice(i, end);
      i = end;
    } else if (c === "/" && text[i + 1] === "/") {
      const end = text.indexOf("\n", i);
      const stop = end === -1 ? text.length : end;
      out += " ".repeat(stop - i);
      i = stop;
    } else if (c === "/" && text[i + 1] === "*") {
      const end = text.indexOf("*/", i + 2);
      const stop = end === -1 ? text.length : end + 2;
      out += text.slice(i, stop).replace(/[^\n]/g, " ");
      i = stop;
    } else {
      out += c;
      i++;
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

function withoutTrailingCommas(text: string): string {
  let out = "";
  let i = 0;
  while (i < text.length) {
    const c = text[i];
    if (c === '"') {
      const end = stringEnd(text, i);
      out += text.slice(i, end);
      i = end;
      continue;
    }
    if (c === ",") {
      let next = i + 1;
      while (next < text.length && /\s/.test(text[next])) next++;
      if (text[next] === "}" || text[next] === "]") {
        out += " ";
        i++;
        continue;
      }
    }
    out += c;
    i++;
  }
  return out;
}
