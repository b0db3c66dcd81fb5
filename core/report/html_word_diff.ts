import { escapeHtml } from "./escape_html.ts";
import { type Piece, wordDiff, type WorkBudget } from "./word_diff.ts";

/**
 * What one page's word diffs may spend in all (WorkBudget): about a tenth of a second of work,
 * after which a page's remaining pairs are marked coarsely (common start and end, changed middle).
 */
export const PAGE_DIFF_STEPS = 20_000_000;

/** Unchanged stretches longer than this lose their middle, so the changes of a long answer show. */
const KEPT_CONTEXT = 160;

/**
 * Two outputs as HTML with what differs marked on each side: `<del>` on the earlier one, `<ins>`
 * on the later one. Long unchanged stretches keep KEPT_CONTEXT characters either side of a change
 * and say how many they leave out; each side stops after `limit` characters of text.
 *
 * @example
 * ```ts
 * import { ok } from "node:assert/strict";
 * ok(highlightedPair("a good day", "a bad day", { limit: 100 }).after.includes("<ins>bad</ins>"));
 * ```
 */
export function highlightedPair(
  before: string,
  after: string,
  options: { limit: number; budget?: WorkBudget },
): { before: string; after: string; exact: boolean } {
  const diff = wordDiff(before, after, { budget: options.budget });
  return {
    before: sideHtml(diff.before, { tag: "del", limit: options.limit }),
    after: sideHtml(diff.after, { tag: "ins", limit: options.limit }),
    exact: diff.exact,
  };
}

function sideHtml(
  pieces: readonly Piece[],
  options: { tag: "del" | "ins"; limit: number },
): string {
  const parts: string[] = [];
  let shown = 0;
  let left = pieces.reduce((n, p) => n + p.text.length, 0);
  pieces.forEach((piece, i) => {
    if (shown >= options.limit) return;
    left -= piece.text.length;
    if (piece.changed) {
      const text = piece.text.slice(0, options.limit - shown);
      shown += text.length;
      left += piece.text.length - text.length;
      parts.push(`<${options.tag}>${escapeHtml(text)}</${options.tag}>`);
      return;
    }
    const keepHead = i === 0 ? 0 : KEPT_CONTEXT;
    const keepTail = i === pieces.length - 1 ? 0 : KEPT_CONTEXT;
    let text = piece.text;
    if (text.length > keepHead + keepTail + 80) {
      const cut = text.length - keepHead - keepTail;
      parts.push(
        escapeHtml(text.slice(0, keepHead)),
        `<span class="elided">… ${cut.toLocaleString("en-US")} unchanged characters …</span>`,
      );
      shown += keepHead;
      text = text.slice(text.length - keepTail);
    }
    const kept = text.slice(0, Math.max(0, options.limit - shown));
    shown += kept.length;
    left += text.length - kept.length;
    parts.push(escapeHtml(kept));
  });
  if (left > 0) {
    parts.push(
      `<span class="elided">… (${left.toLocaleString("en-US")} more characters)</span>`,
    );
  }
  return parts.join("");
}
