/**
 * Which of several one-sided p-values are significant at false-discovery rate `q`, by
 * Benjamini and Hochberg's step-up rule (JRSS B 57, 1995): with the p-values sorted, the largest
 * rank k with p₍ₖ₎ ≤ k·q/m, and every p-value at or below p₍ₖ₎. Returns one flag per input.
 *
 * @example
 * ```ts
 * import { deepStrictEqual as assertEquals } from "node:assert/strict";
 * assertEquals(benjaminiHochberg([0.01, 0.04, 0.03, 0.5], { q: 0.05 }), [true, false, false, false]);
 * assertEquals(benjaminiHochberg([0.01, 0.02, 0.03], { q: 0.05 }), [true, true, true]);
 * ```
 */
export function benjaminiHochberg(pValues: readonly number[], options: { q: number }): boolean[] {
  const m = pValues.length;
  const order = pValues.map((p, i) => ({ p, i })).sort((a, b) => a.p - b.p || a.i - b.i);
  let cutoff = -1;
  order.forEach(({ p }, rank) => {
    if (p <= ((rank + 1) * options.q) / m) cutoff = rank;
  });
  const flags = new Array<boolean>(m).fill(false);
  for (let rank = 0; rank <= cutoff; rank++) flags[order[rank].i] = true;
  return flags;
}
