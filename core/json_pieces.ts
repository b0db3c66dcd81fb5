/** About how much text one piece carries before it is handed on. */
const PIECE_CHARS = 16 * 1024;

/** How many levels of objects and arrays are opened up; below them a value prints whole. */
const OPENED_LEVELS = 3;

/**
 * `JSON.stringify(value, null, space)` in pieces of about 16 K characters: the concatenation is
 * the same text, byte for byte, but a document of tens of thousands of entries (a run's summary
 * lists every case and every check) is never held as one string, nor encoded as one buffer.
 * Pieces end only between members and elements, never inside a string.
 */
export function* jsonPieces(value: unknown, space = 2): Generator<string> {
  const root = asJson(value, "");
  if (isUnprintable(root)) return;
  let piece = "";
  for (const text of texts(root, { indent: "", space: " ".repeat(space), level: 0 })) {
    // Texts come joined up to about a piece already; a short one joins the piece before it.
    if (piece.length + text.length > PIECE_CHARS && piece !== "") {
      yield piece;
      piece = "";
    }
    piece += text;
  }
  if (piece !== "") yield piece;
}

interface Where {
  /** The indentation of the line the value starts on. */
  indent: string;
  space: string;
  level: number;
}

/**
 * The texts of a value whose toJSON, if it had one, was already asked. Members and elements that
 * print whole are joined here, and handed on about every 16 K: a list of 20,000 ids is a few
 * dozen texts, not 20,000.
 */
function* texts(plain: unknown, where: Where): Generator<string> {
  if (!opens(plain, where)) {
    yield leaf(plain, where);
    return;
  }
  const inner = where.indent + where.space;
  const below = { ...where, indent: inner, level: where.level + 1 };
  let text = "";
  if (Array.isArray(plain)) {
    if (plain.length === 0) {
      yield "[]";
      return;
    }
    for (let index = 0; index < plain.length; index++) {
      // A run of plain strings, numbers, booleans and nulls (a list of ids) prints in one call.
      const end = primitivesFrom(plain, index);
      if (end - index > 1) {
        const run = JSON.stringify(plain.slice(index, end), null, where.space);
        if (text.length + run.length > PIECE_CHARS && text !== "") {
          yield text;
          text = "";
        }
        // `[`, each element on its own line one space in, `]`: keep the lines, indented here.
        text += (index === 0 ? "[" : ",") +
          run.slice(1, -2).replaceAll("\n", "\n" + where.indent);
        index = end - 1;
        if (text.length >= PIECE_CHARS) {
          yield text;
          text = "";
        }
        continue;
      }
      text += (index === 0 ? "[\n" : ",\n") + inner;
      // An element JSON.stringify can not print (undefined, a function) prints as null.
      const element = asJson(plain[index], String(index));
      const value = isUnprintable(element) ? null : element;
      if (opens(value, below)) {
        yield text;
        text = "";
        yield* texts(value, below);
      } else {
        text += leaf(value, below);
        if (text.length >= PIECE_CHARS) {
          yield text;
          text = "";
        }
      }
    }
    yield text + "\n" + where.indent + "]";
    return;
  }
  let first = true;
  for (const key of Object.keys(plain as object)) {
    const member = asJson((plain as Record<string, unknown>)[key], key);
    // A member JSON.stringify can not print is left out, as it leaves it out.
    if (isUnprintable(member)) continue;
    text += (first ? "{\n" : ",\n") + inner + JSON.stringify(key) + ": ";
    first = false;
    if (opens(member, below)) {
      yield text;
      text = "";
      yield* texts(member, below);
    } else {
      text += leaf(member, below);
      if (text.length >= PIECE_CHARS) {
        yield text;
        text = "";
      }
    }
  }
  yield text + (first ? "{}" : "\n" + where.indent + "}");
}

/**
 * Where the run of plain primitives that starts at `start` ends: at the first value that is
 * not one, or once the run's strings reach half a piece.
 */
function primitivesFrom(array: readonly unknown[], start: number): number {
  let end = start;
  let chars = 0;
  while (end < array.length && chars < PIECE_CHARS / 2) {
    const value = array[end];
    if (typeof value === "string") chars += value.length + 8;
    else if (value === null || typeof value === "boolean" || typeof value === "number") chars += 8;
    else break;
    end++;
  }
  return end;
}

/** Whether a value is opened up, member by member, rather than printed whole. */
function opens(value: unknown, where: Where): boolean {
  return where.level < OPENED_LEVELS && typeof value === "object" && value !== null;
}

/** A value below the opened levels, printed whole and indented to where it starts. */
function leaf(value: unknown, where: Where): string {
  if (typeof value !== "object" || value === null) return JSON.stringify(value);
  const text = JSON.stringify(value, null, where.space);
  // A newline in JSON text is only ever indentation: strings carry theirs escaped.
  return where.indent === "" ? text : text.replaceAll("\n", "\n" + where.indent);
}

/** What JSON.stringify prints for a value: its toJSON's answer when it has one. */
function asJson(value: unknown, key: string): unknown {
  if (typeof value === "object" && value !== null || typeof value === "bigint") {
    const toJSON = (value as { toJSON?: unknown }).toJSON;
    if (typeof toJSON === "function") return toJSON.call(value, key);
  }
  return value;
}

function isUnprintable(value: unknown): boolean {
  return value === undefined || typeof value === "function" || typeof value === "symbol";
}
