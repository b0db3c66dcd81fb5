/**
 * Text as a reader would take it after every layer of escaping is undone: whitespace (and escaped
 * line breaks) dropped, and each character an encoder wrote as an escape written as itself. The
 * scrub searches this for a key's characters, so an encoding no one listed, escaping applied any
 * number of times, or an escape every other character still gives the key back.
 *
 * @module
 */

/** Layers undone at most: JSON in JSON in JSON, or an escape of the escape character. */
const MAX_LAYERS = 4;

const SPACE = /\s+/g;

/**
 * One escaped character: behind any number of backslashes as `\uXXXX` or as itself, `%XX` (or
 * `%25XX`, once more encoded), `&#N;`, `&#xX;`; and `&amp;`, so HTML escaped twice opens in two.
 */
const ESCAPE =
  /\\+u([0-9a-fA-F]{4})|\\+([^u])|%(?:25)*([0-9a-fA-F]{2})|&#0*(\d{1,7});|&#[xX]0*([0-9a-fA-F]{1,6});|&amp;/g;

/** A character an escape may stand for: no layer is left to undo without one. */
const ESCAPABLE = /[\\%&]/;

/** What an escape stands for: a line break or space is dropped, as whitespace is. */
function unescaped(
  match: string,
  u?: string,
  itself?: string,
  percent?: string,
  decimal?: string,
  hex?: string,
): string {
  if (itself !== undefined) return "nrtbf".includes(itself) ? "" : itself;
  const code = u !== undefined
    ? parseInt(u, 16)
    : percent !== undefined
    ? parseInt(percent, 16)
    : decimal !== undefined
    ? Number(decimal)
    : hex !== undefined
    ? parseInt(hex, 16)
    : 0x26;
  if (code > 0x10ffff) return match;
  const character = String.fromCodePoint(code);
  return /\s/.test(character) ? "" : character;
}

/** `text` with every layer undone; `text` itself when there is nothing to undo. */
export function decodedText(text: string): string {
  let view = text;
  for (let layer = 0; layer < MAX_LAYERS; layer++) {
    view = view.replace(SPACE, "");
    if (!ESCAPABLE.test(view)) break;
    const next = view.replace(ESCAPE, unescaped);
    if (next === view) break;
    view = next;
  }
  return view;
}

/** Decoded text, with where each of its characters came from in the text it was decoded from. */
export interface MappedText {
  text: string;
  /** The first character in the original text that character `i` stands for. */
  from: number[];
  /** One past the last. */
  to: number[];
}

/**
 * The same text `decodedText` gives, with each character mapped back to the span it was decoded
 * from: worked out only for text where a key was found, so a span of the original can be replaced.
 */
export function decodedMapped(text: string): MappedText {
  let view: MappedText = {
    text,
    from: Array.from({ length: text.length }, (_, i) => i),
    to: Array.from({ length: text.length }, (_, i) => i + 1),
  };
  for (let layer = 0; layer < MAX_LAYERS; layer++) {
    view = within(view, replaced(view.text, SPACE, () => ""));
    if (!ESCAPABLE.test(view.text)) break;
    const next = replaced(view.text, ESCAPE, (m) => unescaped(m[0], m[1], m[2], m[3], m[4], m[5]));
    if (next.text === view.text) break;
    view = within(view, next);
  }
  return view;
}

/** `pattern`'s matches replaced, each character of the result mapped to what it replaced. */
function replaced(
  text: string,
  pattern: RegExp,
  replace: (match: RegExpExecArray) => string,
): MappedText {
  const result: MappedText = { text: "", from: [], to: [] };
  let last = 0;
  const keep = (end: number) => {
    for (let i = last; i < end; i++) {
      result.from.push(i);
      result.to.push(i + 1);
    }
    result.text += text.slice(last, end);
  };
  pattern.lastIndex = 0;
  for (let match = pattern.exec(text); match !== null; match = pattern.exec(text)) {
    keep(match.index);
    const end = match.index + match[0].length;
    const by = replace(match);
    for (let i = 0; i < by.length; i++) {
      result.from.push(match.index);
      result.to.push(end);
    }
    result.text += by;
    last = end;
  }
  keep(text.length);
  return result;
}

/** A step's map read through the map of the text it stepped from. */
function within(outer: MappedText, inner: MappedText): MappedText {
  return {
    text: inner.text,
    from: inner.from.map((at) => outer.from[at]),
    to: inner.to.map((end) => outer.to[end - 1]),
  };
}
