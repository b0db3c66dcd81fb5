/**
 * A figure's value as every report prints it: four decimals, or "n/a" when it has none.
 *
 * @example
 * ```ts
 * import { deepStrictEqual as assertEquals } from "node:assert/strict";
 * assertEquals(formatValue(0.8035), "0.8035");
 * assertEquals(formatValue(null), "n/a");
 * ```
 */
export function formatValue(value: number | null): string {
  return value === null ? "n/a" : value.toFixed(4);
}

/**
 * A change with its sign; a true minus sign, so a drop is not read as a hyphen.
 *
 * @example
 * ```ts
 * import { deepStrictEqual as assertEquals } from "node:assert/strict";
 * assertEquals(formatDelta(-0.5), "−0.5000");
 * assertEquals(formatDelta(null), "");
 * ```
 */
export function formatDelta(delta: number | null): string {
  if (delta === null) return "";
  return `${delta >= 0 ? "+" : "−"}${Math.abs(delta).toFixed(4)}`;
}

/**
 * An interval as every page prints it, its bounds as values or (for a change) as signed changes.
 *
 * @example
 * ```ts
 * import { deepStrictEqual as assertEquals } from "node:assert/strict";
 * assertEquals(formatInterval({ low: 0.2, high: 0.9 }), "0.2000 to 0.9000");
 * assertEquals(formatInterval({ low: -0.1, high: 0.02 }, { change: true }), "−0.1000 to +0.0200");
 * ```
 */
export function formatInterval(
  interval: { low: number; high: number },
  options: { change?: boolean } = {},
): string {
  const bound = options.change === true ? formatDelta : formatValue;
  return `${bound(interval.low)} to ${bound(interval.high)}`;
}

/** "1 case", "3 cases": a count with its noun. */
export function counted(n: number, noun: string, plural = `${noun}s`): string {
  return `${n.toLocaleString("en-US")} ${n === 1 ? noun : plural}`;
}
