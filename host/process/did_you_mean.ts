/** The edit distance between two words: insertions, deletions, substitutions and swaps. */
function distance(a: string, b: string): number {
  const d: number[][] = Array.from({ length: a.length + 1 }, (_, i) => [i]);
  for (let j = 1; j <= b.length; j++) d[0][j] = j;
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      d[i][j] = Math.min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) {
        d[i][j] = Math.min(d[i][j], d[i - 2][j - 2] + 1);
      }
    }
  }
  return d[a.length][b.length];
}

/**
 * The known word a mistyped one most likely meant: the nearest within a third of its length
 * (at least one edit), or a known word it is the start of; undefined when nothing is that close.
 */
export function didYouMean(typed: string, known: readonly string[]): string | undefined {
  const limit = Math.max(1, Math.floor(typed.length / 3));
  let best: { word: string; d: number } | undefined;
  for (const word of known) {
    const d = distance(typed, word);
    if (d <= limit && (best === undefined || d < best.d)) best = { word, d };
  }
  if (best !== undefined) return best.word;
  const extended = known.filter((word) => typed.length >= 3 && word.startsWith(typed));
  return extended.length === 1 ? extended[0] : undefined;
}
