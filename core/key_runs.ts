/**
 * Runs of a key's characters, in the forms a run survives being cut: the key and the key
 * reversed, each as itself (in any case), as its bytes in hex (in any case) and in base64 or
 * base64url at each alignment. A check's reason, a report or a log line cuts an output short; what is left of an
 * encoded key is then a run of the encoded form, and a run long enough gives most of the key away.
 *
 * @module
 */
import { decodedMapped, decodedText } from "./decoded_text.ts";

/** A run of a key this long, anywhere, is the key: a prefix in a log line gives most of it away. */
export const MIN_KEY_FRAGMENT = 12;

/** One form a run is searched in, and the pieces every long enough run of it holds. */
interface Form {
  text: string;
  /**
   * Whether a run is base64: the character on either side of it mixes the key's bits with what
   * surrounds it (a Basic header's `user:`, what follows), and goes with it, as does the padding.
   */
  base64: boolean;
  /** Whether it is lower-cased, and compared with lower-cased text. */
  folded: boolean;
  /** The shortest run that counts: 12 of the key's characters' worth, or the whole form. */
  min: number;
  anchors: { text: string; at: number }[];
}

/** One key's forms, worked out once. */
export interface KeyRuns {
  /** The forms matched in any case (the key, its hex), lower-cased: a word is lower-cased too. */
  folded: Form[];
  /** The forms matched as they are: base64, whose case is its content. */
  exact: Form[];
  /** The shortest run of any form: text shorter than this, decoded or not, holds none. */
  shortest: number;
  /**
   * Whether the forms hold a character an escape is made of: only then can decoding text break
   * a run written as it is, which must then be searched for in the text as well as decoded.
   */
  escapable: boolean;
  /**
   * Words of 12 or more of the characters the forms are made of: a run can only sit in one, and
   * prose, markup and JSON hold few, so most text is passed over in one scan of a character class.
   */
  words: RegExp;
  /** Any of the folded forms' pieces, tried on each such word lower-cased. */
  foldedProbe: RegExp;
  /** Any of the exact forms' pieces, tried on each such word. */
  exactProbe: RegExp;
}

/**
 * The forms of `secret` and of the secret reversed (a system that read the key can answer it
 * backwards as easily as forwards). Under 12 characters, only the whole key and its reversal.
 */
export function keyRuns(secret: string): KeyRuns {
  const forms: Form[] = [];
  const seen = new Set<string>();
  const add = (text: string, min: number, base64 = false) => {
    // Lower-cased where that keeps its length (the word it is compared with is lower-cased alike).
    const folded = !base64 && text.toLowerCase().length === text.length;
    const as = folded ? text.toLowerCase() : text;
    if (seen.has(as) || as.length === 0) return;
    seen.add(as);
    forms.push(form(as, Math.min(min, as.length), { base64, folded }));
  };
  for (const key of [secret, [...secret].reverse().join("")]) {
    add(key, MIN_KEY_FRAGMENT);
    if (key.length < MIN_KEY_FRAGMENT) continue;
    const bytes = new TextEncoder().encode(key);
    add([...bytes].map((b) => b.toString(16).padStart(2, "0")).join(""), 2 * MIN_KEY_FRAGMENT);
    for (const inner of base64Inners(bytes)) {
      // 12 bytes are 16 base64 characters.
      add(inner, (4 * MIN_KEY_FRAGMENT) / 3, true);
      add(inner.replaceAll("+", "-").replaceAll("/", "_"), (4 * MIN_KEY_FRAGMENT) / 3, true);
    }
  }
  const probe = (of: Form[]) =>
    new RegExp(
      [...new Set(of.flatMap((f) => f.anchors.map((a) => escapeRegex(a.text))))].join("|"),
    );
  const folded = forms.filter((f) => f.folded);
  const exact = forms.filter((f) => !f.folded);
  const characters = `[${
    [
      ...new Set([
        ...forms.flatMap((f) => [...f.text, ...(f.folded ? f.text.toUpperCase() : "")]),
        ...(exact.some((f) => f.base64) ? "=" : ""),
      ]),
    ]
      .map((c) => /[\\\]^-]/.test(c) ? `\\${c}` : c)
      .join("")
  }]`;
  const shortest = Math.min(...forms.map((f) => f.min));
  return {
    folded,
    exact,
    shortest,
    escapable: forms.some((f) => /[\\%&]/.test(f.text)),
    // Written out a character class at a time: V8 then skips ahead as for a literal, where
    // `[...]{12,}` is tried again at every character of every shorter word (five times the cost).
    words: new RegExp(`${characters.repeat(shortest)}${characters}*`, "g"),
    // A probe that can never match where there are no forms of its kind.
    foldedProbe: folded.length > 0 ? probe(folded) : /(?!)/,
    exactProbe: exact.length > 0 ? probe(exact) : /(?!)/,
  };
}

/**
 * The key's base64 at each of the three alignments it takes after a prefix, keeping only the
 * characters every bit of which is the key's.
 */
function base64Inners(bytes: Uint8Array): string[] {
  const inners: string[] = [];
  for (let offset = 0; offset < 3; offset++) {
    const padded = new Uint8Array(offset + bytes.length);
    padded.set(bytes, offset);
    const encoded = btoa(String.fromCharCode(...padded));
    inners.push(
      encoded.slice(Math.ceil((offset * 8) / 6), Math.floor(((offset + bytes.length) * 8) / 6)),
    );
  }
  return inners;
}

/**
 * A form's pieces: halves of the shortest run, at multiples of that half, so every run of `min`
 * characters holds one whole; a form no longer than the shortest run is its own piece.
 */
function form(text: string, min: number, kind: { base64: boolean; folded: boolean }): Form {
  if (min === text.length) return { text, min, ...kind, anchors: [{ text, at: 0 }] };
  const half = Math.floor(min / 2);
  const anchors = [];
  for (let at = 0; at + half <= text.length; at += half) {
    anchors.push({ text: text.slice(at, at + half), at });
  }
  return { text, min, ...kind, anchors };
}

export function escapeRegex(text: string): string {
  return text.replace(/[\\^$.*+?()[\]{}|\/-]/g, (c) => `\\${c}`);
}

/**
 * `text` with every run of every key's forms replaced by `replacement`: found as written, then in
 * the text with whitespace dropped and every layer of escaping undone (decoded_text.ts), where a
 * run found is replaced over the whole span of the original it was decoded from.
 */
export function withoutRuns(
  text: string,
  keys: readonly KeyRuns[],
  replacement: string,
): string {
  // Decoding only shortens text: one too short for any run is passed over whole.
  if (keys.every((key) => text.length < key.shortest)) return text;
  const spans: [number, number][] = [];
  const view = decodedText(text);
  // A run as written is a run of the decoded text too, unless decoding can break it.
  for (const key of keys) if (view === text || key.escapable) spans.push(...runsIn(text, key));
  if (view !== text && keys.some((key) => runsIn(view, key).length > 0)) {
    const mapped = decodedMapped(text);
    for (const key of keys) {
      for (const [start, end] of runsIn(mapped.text, key)) {
        spans.push([mapped.from[start], mapped.to[end - 1]]);
      }
    }
  }
  return spans.length === 0 ? text : replacedSpans(text, spans, replacement);
}

const BASE64 = /[A-Za-z0-9+/_-]/;

/** The spans of `text` that are runs of the key's forms at least as long as each form asks. */
function runsIn(text: string, key: KeyRuns): [number, number][] {
  const spans: [number, number][] = [];
  key.words.lastIndex = 0;
  for (let word = key.words.exec(text); word !== null; word = key.words.exec(text)) {
    const lower = word[0].toLowerCase();
    // A word whose length lower-casing changes is compared as it is.
    const folded = lower.length === word[0].length ? lower : word[0];
    const found = [
      ...(key.foldedProbe.test(folded) ? runsInWord(folded, key.folded) : []),
      ...(key.exactProbe.test(word[0]) ? runsInWord(word[0], key.exact) : []),
    ];
    for (const [start, end] of found) spans.push([word.index + start, word.index + end]);
  }
  return spans;
}

function runsInWord(text: string, forms: readonly Form[]): [number, number][] {
  const spans: [number, number][] = [];
  for (const { text: whole, min, base64, anchors } of forms) {
    for (const anchor of anchors) {
      for (let at = text.indexOf(anchor.text); at !== -1; at = text.indexOf(anchor.text, at + 1)) {
        let left = 0;
        while (
          at - left > 0 && anchor.at - left > 0 &&
          text[at - left - 1] === whole[anchor.at - left - 1]
        ) left++;
        let right = anchor.text.length;
        while (
          at + right < text.length && anchor.at + right < whole.length &&
          text[at + right] === whole[anchor.at + right]
        ) right++;
        if (left + right < min) continue;
        let [start, end] = [at - left, at + right];
        if (base64) {
          if (start > 0 && BASE64.test(text[start - 1])) start--;
          if (end < text.length && BASE64.test(text[end])) end++;
          while (end < text.length && text[end] === "=") end++;
        }
        spans.push([start, end]);
      }
    }
  }
  return spans;
}

/** `text` with each span (overlapping ones as one) replaced once. */
function replacedSpans(text: string, spans: [number, number][], replacement: string): string {
  spans.sort((a, b) => a[0] - b[0]);
  let result = "";
  let from = 0;
  for (const [start, end] of spans) {
    if (end <= from) continue;
    result += text.slice(from, Math.max(from, start)) + (start >= from ? replacement : "");
    from = end;
  }
  return result + text.slice(from);
}
