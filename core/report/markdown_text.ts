// Escaping by hand (ADR 0010): CommonMark lets any ASCII punctuation be backslash-escaped and
// defines code spans exactly, so two short functions cover every place a name appears.

/** Names longer than this are cut, so one odd id can not use up a comment's whole budget. */
const NAME_LIMIT = 200;

/** Characters that open an inline construct in GitHub's Markdown, math included. */
const INLINE_SPECIAL = /[\\`*_[\]<>&~|$]/g;

/** An @ that starts a word: GitHub would mention somebody, whatever backslash precedes it. */
const MENTION = /(^|[^\w@])@(?=\w)/g;

/**
 * Text that renders as itself in GitHub Markdown: inline syntax characters escaped and line
 * breaks flattened, so a case id can not format the comment; a zero-width space after a
 * word-initial @ keeps it from mentioning anybody (GitHub ignores the backslash there).
 *
 * @example
 * ```ts
 * import { deepStrictEqual as assertEquals } from "node:assert/strict";
 * assertEquals(mdText("a_b <i>"), "a\\_b \\<i\\>");
 * assertEquals(mdText("@team"), "@\u200bteam");
 * ```
 */
export function mdText(text: string): string {
  return flatten(text).replace(INLINE_SPECIAL, "\\$&").replace(MENTION, "$1@\u200b");
}

/**
 * A name as a code span: fenced with more backticks than it contains, pipes escaped inside a
 * table (GFM splits cells before it reads code spans), cut past 200 characters.
 *
 * @example
 * ```ts
 * import { deepStrictEqual as assertEquals } from "node:assert/strict";
 * assertEquals(mdCode("two"), "`two`");
 * assertEquals(mdCode("a`b"), "``a`b``");
 * assertEquals(mdCode("a|b", { inTable: true }), "`a\\|b`");
 * ```
 */
export function mdCode(name: string, options: { inTable?: boolean } = {}): string {
  let text = clip(flatten(name));
  if (text === "") return "(empty)";
  if (options.inTable) text = text.replace(/\|/g, "\\|");
  const longest = Math.max(0, ...(text.match(/`+/g) ?? []).map((run) => run.length));
  const fence = "`".repeat(longest + 1);
  const pad = /^[`\s]|[`\s]$/.test(text) ? " " : "";
  return `${fence}${pad}${text}${pad}${fence}`;
}

function flatten(text: string): string {
  // Control characters would end a table row or vanish; a space keeps the name readable.
  // deno-lint-ignore no-control-regex
  return text.replace(/[\x00-\x1f\x7f]+/g, " ");
}

function clip(text: string): string {
  const chars = [...text];
  return chars.length <= NAME_LIMIT ? text : `${chars.slice(0, NAME_LIMIT - 1).join("")}…`;
}
