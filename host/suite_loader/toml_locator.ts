/** A 1-based position in a text, counted the way smol-toml counts its own errors. */
export interface TextPosition {
  line: number;
  column: number;
}

/** Where a key path was found; `exact` is false when an enclosing table stood in for it. */
export interface KeyLocation extends TextPosition {
  exact: boolean;
}

/** A key path as zod reports it: table keys are strings, array indices numbers. */
export type KeyPath = readonly (string | number)[];

/** Finds the line and column of a key path in one TOML text. */
export type TomlLocator = (path: KeyPath) => KeyLocation;

/**
 * Makes a locator for a TOML text that already parsed. smol-toml keeps no positions, so the text
 * is scanned once, on the first lookup, for every key, table header and array element. A path
 * that is not in the text (a missing key) falls back to its nearest enclosing entry, and at worst
 * to 1:1; the locator never throws.
 *
 * @example
 * ```ts
 * import { deepEqual } from "node:assert/strict";
 * const locate = createTomlLocator('name = "x"\n\n[[cases]]\nid = "a"\n');
 * deepEqual(locate(["cases", 0, "id"]), { line: 4, column: 1, exact: true });
 * deepEqual(locate(["cases", 0, "vars"]), { line: 3, column: 1, exact: false });
 * ```
 */
export function createTomlLocator(text: string): TomlLocator {
  let positions: Map<string, TextPosition> | undefined;
  return (path) => {
    positions ??= scanTomlPositions(text);
    for (let length = path.length; length > 0; length--) {
      const found = positions.get(pathKey(path.slice(0, length)));
      if (found !== undefined) return { ...found, exact: length === path.length };
    }
    return { line: 1, column: 1, exact: path.length === 0 };
  };
}

function pathKey(path: KeyPath): string {
  return JSON.stringify(path);
}

interface KeySegment extends TextPosition {
  name: string;
}

const BARE_KEY_END = " \t\r\n.=[]{},#\"'";
const VALUE_END = ",]}#\n";

/** Scans a TOML text for the position of every key path it declares; the first mention wins. */
function scanTomlPositions(text: string): Map<string, TextPosition> {
  const scanner = new TomlScanner(text);
  try {
    scanner.scanDocument();
  } catch {
    // A text smol-toml accepted should never get here; what was found so far still helps.
  }
  return scanner.positions;
}

class TomlScanner {
  readonly positions = new Map<string, TextPosition>();
  readonly #text: string;
  #index = 0;
  #line = 1;
  #column = 1;
  /** How many `[[x]]` tables each array path holds so far. */
  readonly #arrayCounts = new Map<string, number>();

  constructor(text: string) {
    this.#text = text;
  }

  scanDocument(): void {
    let table: (string | number)[] = [];
    while (!this.#atEnd()) {
      this.#skipBlank();
      if (this.#atEnd()) break;
      const before = this.#index;
      if (this.#startsWith("[[")) table = this.#header(true);
      else if (this.#peek() === "[") table = this.#header(false);
      else this.#keyValue(table);
      this.#skipRestOfLine();
      if (this.#index === before) this.#advance();
    }
  }

  #header(isArray: boolean): (string | number)[] {
    const at = this.#position();
    this.#advance(isArray ? 2 : 1);
    const segments = this.#dottedKey();
    this.#skipSpaces();
    if (this.#startsWith(isArray ? "]]" : "]")) this.#advance(isArray ? 2 : 1);
    let path: (string | number)[] = [];
    segments.forEach((segment, i) => {
      path = [...path, segment.name];
      const last = i === segments.length - 1;
      // A sub-table of an array of tables belongs to the array's latest element.
      const count = this.#arrayCounts.get(pathKey(path));
      if (!(last && isArray) && count !== undefined) path = [...path, count - 1];
      this.#record(path, at);
    });
    if (isArray) {
      const count = this.#arrayCounts.get(pathKey(path)) ?? 0;
      this.#arrayCounts.set(pathKey(path), count + 1);
      path = [...path, count];
      this.#record(path, at);
    }
    return path;
  }

  #keyValue(table: readonly (string | number)[]): void {
    const segments = this.#dottedKey();
    if (segments.length === 0) return;
    this.#skipSpaces();
    if (this.#peek() !== "=") return;
    this.#advance();
    this.#skipSpaces();
    this.#value(this.#recordSegments(table, segments));
  }

  #recordSegments(
    base: readonly (string | number)[],
    segments: readonly KeySegment[],
  ): (string | number)[] {
    let path = [...base];
    for (const segment of segments) {
      path = [...path, segment.name];
      this.#record(path, segment);
    }
    return path;
  }

  #value(path: (string | number)[]): void {
    if (this.#startsWith('"""')) this.#multiLineString('"""');
    else if (this.#startsWith("'''")) this.#multiLineString("'''");
    else if (this.#peek() === '"') this.#basicString();
    else if (this.#peek() === "'") this.#literalString();
    else if (this.#peek() === "[") this.#array(path);
    else if (this.#peek() === "{") this.#inlineTable(path);
    else {
      while (!this.#atEnd() && !VALUE_END.includes(this.#peek())) this.#advance();
    }
  }

  #array(path: (string | number)[]): void {
    this.#advance();
    let index = 0;
    while (!this.#atEnd()) {
      this.#skipBlank();
      if (this.#peek() === "]") {
        this.#advance();
        return;
      }
      const before = this.#index;
      this.#record([...path, index], this.#position());
      this.#value([...path, index]);
      this.#skipBlank();
      if (this.#peek() === ",") this.#advance();
      index++;
      if (this.#index === before) this.#advance();
    }
  }

  #inlineTable(path: (string | number)[]): void {
    this.#advance();
    while (!this.#atEnd()) {
      // TOML 1.1 lets an inline table span lines, so newlines and comments are skipped too.
      this.#skipBlank();
      const char = this.#peek();
      if (char === "}") {
        this.#advance();
        return;
      }
      if (char === ",") {
        this.#advance();
        continue;
      }
      const before = this.#index;
      const segments = this.#dottedKey();
      this.#skipSpaces();
      if (segments.length > 0 && this.#peek() === "=") {
        this.#advance();
        this.#skipSpaces();
        this.#value(this.#recordSegments(path, segments));
      }
      if (this.#index === before) this.#advance();
    }
  }

  #dottedKey(): KeySegment[] {
    const segments: KeySegment[] = [];
    while (!this.#atEnd()) {
      this.#skipSpaces();
      const at = this.#position();
      let name: string;
      if (this.#peek() === '"') name = decodeBasic(this.#basicString());
      else if (this.#peek() === "'") name = this.#literalString();
      else {
        const start = this.#index;
        while (!this.#atEnd() && !BARE_KEY_END.includes(this.#peek())) this.#advance();
        name = this.#text.slice(start, this.#index);
        if (name === "") break;
      }
      segments.push({ name, ...at });
      this.#skipSpaces();
      if (this.#peek() !== ".") break;
      this.#advance();
    }
    return segments;
  }

  /** Consumes a "..." string and returns its raw body, escapes undecoded. */
  #basicString(): string {
    this.#advance();
    const start = this.#index;
    while (!this.#atEnd() && this.#peek() !== '"' && this.#peek() !== "\n") {
      if (this.#peek() === "\\") this.#advance();
      this.#advance();
    }
    const body = this.#text.slice(start, this.#index);
    if (this.#peek() === '"') this.#advance();
    return body;
  }

  #literalString(): string {
    this.#advance();
    const start = this.#index;
    while (!this.#atEnd() && this.#peek() !== "'" && this.#peek() !== "\n") this.#advance();
    const body = this.#text.slice(start, this.#index);
    if (this.#peek() === "'") this.#advance();
    return body;
  }

  #multiLineString(quotes: '"""' | "'''"): void {
    this.#advance(3);
    while (!this.#atEnd() && !this.#startsWith(quotes)) {
      if (quotes === '"""' && this.#peek() === "\\") this.#advance();
      this.#advance();
    }
    this.#advance(3);
    // Up to two quotes may close the body right before the delimiter: """a""""" is 'a""'.
    for (let extra = 0; extra < 2 && this.#peek() === quotes[0]; extra++) this.#advance();
  }

  #record(path: readonly (string | number)[], at: TextPosition): void {
    const key = pathKey(path);
    if (!this.positions.has(key)) this.positions.set(key, { line: at.line, column: at.column });
  }

  #skipSpaces(): void {
    while (this.#peek() === " " || this.#peek() === "\t") this.#advance();
  }

  /** Skips spaces, newlines and comments. */
  #skipBlank(): void {
    while (!this.#atEnd()) {
      const char = this.#peek();
      if (char === " " || char === "\t" || char === "\r" || char === "\n") this.#advance();
      else if (char === "#") this.#skipComment();
      else return;
    }
  }

  #skipComment(): void {
    while (!this.#atEnd() && this.#peek() !== "\n") this.#advance();
  }

  /** After a statement: anything left on its line (a comment) is not a key. */
  #skipRestOfLine(): void {
    while (!this.#atEnd() && this.#peek() !== "\n") this.#advance();
  }

  #position(): TextPosition {
    return { line: this.#line, column: this.#column };
  }

  #peek(): string {
    return this.#text[this.#index] ?? "";
  }

  #startsWith(token: string): boolean {
    return this.#text.startsWith(token, this.#index);
  }

  #atEnd(): boolean {
    return this.#index >= this.#text.length;
  }

  #advance(count = 1): void {
    for (let i = 0; i < count && !this.#atEnd(); i++) {
      if (this.#text[this.#index] === "\n") {
        this.#line++;
        this.#column = 1;
      } else {
        this.#column++;
      }
      this.#index++;
    }
  }
}

/** Decodes a quoted key's escapes; TOML's basic-string escapes are JSON's plus a few. */
function decodeBasic(body: string): string {
  try {
    return JSON.parse(`"${body}"`);
  } catch {
    return body;
  }
}
