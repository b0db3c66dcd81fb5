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
    piece += text;
    if (piece.length >= PIECE_CHARS) {
      yield piece;
      piece = "";
    }
  }
  if (piece !== "") yield piece;
}

interface Where {
  /** The indentation of the line the value starts on. */
  indent: string;
  space: string;
  level: number;
}

/** The texts of a value whose toJSON, if it had one, was already asked. */
function* texts(plain: unknown, where: Where): Generator<string> {
  if (where.level >= OPENED_LEVELS || typeof plain !== "object" || plain === null) {
    yield leaf(plain, where);
    return;
  }
  const inner = where.indent + where.space;
  if (Array.isArray(plain)) {
    if (plain.length === 0) {
      yield "[]";
      return;
    }
    for (let index = 0; index < plain.length; index++) {
      yield (index === 0 ? "[\n" : ",\n") + inner;
      // An element JSON.stringify can not print (undefined, a function) prints as null.
      const element = asJson(plain[index], String(index));
      if (isUnprintable(element)) yield "null";
      else yield* texts(element, { ...where, indent: inner, level: where.level + 1 });
    }
    yield "\n" + where.indent + "]";
    return;
  }
  let first = true;
  for (const key of Object.keys(plain)) {
    const member = asJson((plain as Record<string, unknown>)[key], key);
    // A member JSON.stringify can not print is left out, as it leaves it out.
    if (isUnprintable(member)) continue;
    yield (first ? "{\n" : ",\n") + inner + JSON.stringify(key) + ": ";
    first = false;
    yield* texts(member, { ...where, indent: inner, level: where.level + 1 });
  }
  yield first ? "{}" : "\n" + where.indent + "}";
}

/** A value below the opened levels, printed whole and indented to where it starts. */
function leaf(value: unknown, where: Where): string {
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
