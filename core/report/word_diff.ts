/** A stretch of one side's text, marked when the other side does not have it. */
export interface Piece {
  text: string;
  changed: boolean;
}

/** Both sides of a word diff: each reads back as its own text, joined. */
export interface WordDiff {
  before: Piece[];
  after: Piece[];
  /**
   * False when the texts were too far apart to diff word by word within WORD_DIFF_LIMITS: then
   * only their common start and end are told apart from one changed middle.
   */
  exact: boolean;
}

/**
 * What bounds a word diff's cost: past `tokens` words, spaces and marks between the two texts'
 * common start and end, or past `edits` words inserted or deleted, the diff is coarse. The work
 * is at most about tokens × edits steps, a few tens of milliseconds, whatever the outputs' length.
 */
export const WORD_DIFF_LIMITS = { tokens: 20_000, edits: 600 } as const;

/**
 * The words that differ between two outputs, on each side: the fewest words inserted and deleted
 * (Myers' difference algorithm over words, runs of white space and single marks), with white
 * space between two changed words counted in the change so a changed phrase reads as one.
 *
 * @example
 * ```ts
 * import { deepStrictEqual as assertEquals } from "node:assert/strict";
 * const { after } = wordDiff("a good day", "a bad day");
 * assertEquals(after.filter((p) => p.changed).map((p) => p.text), ["bad"]);
 * ```
 */
export function wordDiff(
  before: string,
  after: string,
  options: { budget?: WorkBudget } = {},
): WordDiff {
  if ((options.budget?.steps ?? Infinity) <= 0) return coarse(before, after);
  const a = tokens(before);
  const b = tokens(after);
  let start = 0;
  while (start < a.length && start < b.length && a[start] === b[start]) start++;
  let end = 0;
  while (
    end < a.length - start && end < b.length - start &&
    a[a.length - 1 - end] === b[b.length - 1 - end]
  ) end++;
  const middleA = a.slice(start, a.length - end);
  const middleB = b.slice(start, b.length - end);
  const head = a.slice(0, start);
  const tail = a.slice(a.length - end);
  const edits = middleA.length + middleB.length <= WORD_DIFF_LIMITS.tokens
    ? shortestEdits(middleA, middleB, {
      limit: WORD_DIFF_LIMITS.edits,
      budget: options.budget ?? { steps: Infinity },
    })
    : null;
  const ops: Op[] = edits ?? [
    ...middleA.map((text): Op => ({ side: "before", text })),
    ...middleB.map((text): Op => ({ side: "after", text })),
  ];
  const all: Op[] = [
    ...head.map((text): Op => ({ side: "both", text })),
    ...ops,
    ...tail.map((text): Op => ({ side: "both", text })),
  ];
  return {
    before: pieces(all.filter((o) => o.side !== "after"), "before"),
    after: pieces(all.filter((o) => o.side !== "before"), "after"),
    exact: edits !== null,
  };
}

/**
 * Steps a page's word diffs may take in all, spent as each runs: once spent, the diffs still to
 * come are coarse, so a page of two thousand long, different outputs opens as fast as one.
 */
export interface WorkBudget {
  steps: number;
}

/** One token of the edit script: on both sides, or only on one. */
interface Op {
  side: "both" | "before" | "after";
  text: string;
}

/**
 * The diff once the budget is spent, without splitting either text into words: their common start
 * and end by characters, each cut back to a space so no word is split, and one changed middle.
 */
function coarse(before: string, after: string): WordDiff {
  let start = 0;
  while (start < before.length && start < after.length && before[start] === after[start]) start++;
  let end = 0;
  while (
    end < before.length - start && end < after.length - start &&
    before[before.length - 1 - end] === after[after.length - 1 - end]
  ) end++;
  if (start < before.length || start < after.length) {
    while (start > 0 && !/\s/.test(before[start - 1])) start--;
    while (end > 0 && !/\s/.test(before[before.length - end])) end--;
  }
  const side = (text: string): Piece[] =>
    [
      { text: text.slice(0, start), changed: false },
      { text: text.slice(start, text.length - end), changed: true },
      { text: text.slice(text.length - end), changed: false },
    ].filter((p) => p.text !== "");
  return { before: side(before), after: side(after), exact: false };
}

/** Words, runs of white space, and every other character alone. */
function tokens(text: string): string[] {
  return text.match(/\s+|[\p{L}\p{N}_'’-]+|[^]/gu) ?? [];
}

/**
 * The shortest edit script from `a` to `b` (Myers 1986, forward, with the frontier of each step
 * kept to walk back), or null when it needs more than `limit` insertions and deletions or more
 * steps than the budget has left.
 */
function shortestEdits(
  a: readonly string[],
  b: readonly string[],
  options: { limit: number; budget: WorkBudget },
): Op[] | null {
  const { limit, budget } = options;
  const ids = new Map<string, number>();
  const id = (t: string) => {
    let found = ids.get(t);
    if (found === undefined) ids.set(t, found = ids.size);
    return found;
  };
  const x0 = Int32Array.from(a, id);
  const y0 = Int32Array.from(b, id);
  const n = x0.length;
  const m = y0.length;
  const max = Math.min(n + m, limit);
  const offset = max + 1;
  const v = new Int32Array(2 * max + 3);
  const trace: Int32Array[] = [];
  let found = -1;
  for (let d = 0; d <= max && found < 0; d++) {
    // Each step of d looks at every diagonal once and follows its snake: at most n + m moves.
    budget.steps -= n + m + 2 * d + 1;
    if (budget.steps < 0) return null;
    trace.push(v.slice());
    for (let k = -d; k <= d; k += 2) {
      let x = k === -d || (k !== d && v[offset + k - 1] < v[offset + k + 1])
        ? v[offset + k + 1]
        : v[offset + k - 1] + 1;
      let y = x - k;
      while (x < n && y < m && x0[x] === y0[y]) {
        x++;
        y++;
      }
      v[offset + k] = x;
      if (x >= n && y >= m) {
        found = d;
        break;
      }
    }
  }
  if (found < 0) return null;
  const ops: Op[] = [];
  let x = n;
  let y = m;
  for (let d = found; d > 0; d--) {
    const before = trace[d];
    const k = x - y;
    const previous = k === -d || (k !== d && before[offset + k - 1] < before[offset + k + 1])
      ? k + 1
      : k - 1;
    const px = before[offset + previous];
    const py = px - previous;
    while (x > px && y > py) ops.push({ side: "both", text: a[--x] }) && y--;
    if (x === px) ops.push({ side: "after", text: b[--y] });
    else ops.push({ side: "before", text: a[--x] });
  }
  while (x > 0 && y > 0) ops.push({ side: "both", text: a[--x] }) && y--;
  return ops.reverse();
}

/** One side's tokens as pieces: runs of the same mark joined, white space between changes changed. */
function pieces(ops: readonly Op[], side: "before" | "after"): Piece[] {
  const marks = ops.map((o) => o.side === side);
  for (let i = 1; i < ops.length - 1; i++) {
    if (!marks[i] && /^[ \t]+$/.test(ops[i].text) && marks[i - 1] && marks[i + 1]) marks[i] = true;
  }
  const out: Piece[] = [];
  ops.forEach((o, i) => {
    const last = out.at(-1);
    if (last !== undefined && last.changed === marks[i]) last.text += o.text;
    else out.push({ text: o.text, changed: marks[i] });
  });
  return out;
}
