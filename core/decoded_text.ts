/**
 * Text as a reader would take it after every layer of escaping is undone: whitespace that splits
 * a key (and escaped line breaks) dropped, and each character an encoder wrote as an escape
 * written as itself. The scrub searches this for a key's characters, so escaping applied any
 * number of times, or to every other character only, still gives the key back.
 *
 * @module
 */

/** Layers undone at most: JSON in JSON in JSON, or an escape of the escape character. */
const MAX_LAYERS = 4;

const LINE_BREAK = /[\r\n\v\f\u2028\u2029]/;

/** How an escape starts: text without one has no layer left to undo. */
const ESCAPABLE = /[\\%]|&#|&amp;#/;

/**
 * One step of undoing a layer: what it replaces, whether it can apply at all (a quick test that
 * spares the scan), and what each match becomes. `native` is the same replacement written as
 * `String.replace` takes it without a call per match, where one can be.
 */
interface Step {
  applies: (text: string) => boolean;
  pattern: RegExp;
  native: string | ((match: string, ...groups: string[]) => string);
  each: (match: RegExpExecArray) => string;
}

const STEPS: readonly Step[] = [
  // A line break splits a key written over lines; the whitespace after it goes with it. (Spaces
  // before it stay: matching them first would try the pattern at every space of every line.)
  {
    applies: (text) => LINE_BREAK.test(text),
    pattern: /[\r\n\v\f\u2028\u2029]\s*/g,
    native: "",
    each: () => "",
  },
  // A space between two characters neither of which is part of a word: a key spaced out a
  // character at a time. Spaces between words stay, so prose does not run into one long word.
  // The match starts at the character before the spaces, so a long run of spaces is tried once:
  // starting at a space, and looking back over the run, was quadratic in its length.
  {
    applies: () => true,
    pattern: /(?<![A-Za-z0-9])(\S)[ \t]+(?=\S(?![A-Za-z0-9]))/g,
    native: "$1",
    each: (match) => match[1],
  },
  // An escaped line break (JSON's \n behind any number of backslashes) splits as a line break does.
  {
    applies: (text) => text.includes("\\"),
    pattern: /(?<!\\)\\+[bfnrt]/g,
    native: "",
    each: () => "",
  },
  // Any other character behind backslashes, but `u`: JSON escaped to any depth. Each pattern
  // behind backslashes starts at the first of them, so a long run of them is tried once.
  {
    applies: (text) => text.includes("\\"),
    pattern: /(?<!\\)\\+([^ubfnrt])/g,
    native: "$1",
    each: (match) => match[1],
  },
  // A character by its code: `\uXXXX` behind any number of backslashes, `%XX` (or `%25XX`, once
  // more encoded), `&#N;`, `&#xX;`; and `&amp;#`, so HTML escaped twice opens in two layers.
  {
    applies: (text) => ESCAPABLE.test(text),
    pattern:
      /(?<!\\)\\+u([0-9a-fA-F]{4})|%(?:25)*([0-9a-fA-F]{2})|&#0*(\d{1,7});|&#[xX]0*([0-9a-fA-F]{1,6});|&amp;(?=#)/g,
    native: (match, u, percent, decimal, hex) => byCode(match, u, percent, decimal, hex),
    each: (match) => byCode(match[0], match[1], match[2], match[3], match[4]),
  },
];

/** The character an escape stands for; whitespace is dropped, as whitespace that splits is. */
function byCode(
  match: string,
  u?: string,
  percent?: string,
  decimal?: string,
  hex?: string,
): string {
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
    const before = view;
    for (const step of STEPS) {
      // deno-lint-ignore no-explicit-any
      if (step.applies(view)) view = view.replace(step.pattern, step.native as any);
    }
    if (view === before || !ESCAPABLE.test(view)) break;
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
    const before = view.text;
    for (const step of STEPS) {
      if (step.applies(view.text)) {
        const next = replaced(view.text, step.pattern, step.each);
        if (next.text !== view.text) view = within(view, next);
      }
    }
    if (view.text === before || !ESCAPABLE.test(view.text)) break;
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
