import type { Figure } from "../core/run/run_document.ts";

/** A figure's value for a table cell. */
export function formatValue(value: number | null): string {
  return value === null ? "n/a" : value.toFixed(4);
}

/** Figures as aligned lines: name, value, and what was counted and left out. */
export function figureLines(figures: readonly Figure[]): string[] {
  const width = Math.max(0, ...figures.map((f) => f.name.length));
  return figures.map((f) => {
    const left = Object.entries(f.exclusions)
      .filter(([kind, ids]) => ids.length > 0 && kind !== "other_group")
      .map(([kind, ids]) => `${ids.length} ${kind}`);
    const excluded = left.length > 0 ? `; excluded ${left.join(", ")}` : "";
    return `  ${f.name.padEnd(width)}  ${
      formatValue(f.value)
    }  (${f.counted.length} counted${excluded})`;
  });
}

/** Rows of cells as left-aligned columns. */
export function table(rows: string[][]): string[] {
  const widths = rows[0]?.map((_, i) => Math.max(...rows.map((r) => (r[i] ?? "").length))) ?? [];
  return rows.map((r) => r.map((cell, i) => cell.padEnd(widths[i])).join("  ").trimEnd());
}

/**
 * The minimum detectable drop as one line: what one run can detect, and what `--confirm`'s
 * planned draws add. Undefined when the suite has no primary figure that can be tested.
 */
export function sensitivityLine(
  s: {
    figure: string;
    alpha: number;
    power: number;
    one_run: number | null;
    confirmed: number | null;
    planned: { draws: number }[];
    one_run_alpha?: number;
    confirmed_alpha?: number;
  } | null,
): string | undefined {
  if (s === null) return undefined;
  if (s.one_run === null && s.confirmed === null) {
    return `minimum detectable drop of ${s.figure}: not measured (a baseline of one run shows no ` +
      "noise; promote several runs)";
  }
  const drop = (d: number | null) => (d === null ? "n/a" : d.toFixed(4));
  const extra = s.planned.reduce((sum, p) => sum + p.draws, 0);
  // Each mode's drop is stated at the alpha its test really uses, which is a share of the gate's.
  const at = (a: number | undefined) => round(a ?? s.alpha);
  return `minimum detectable drop of ${s.figure} (power ${s.power}): ` +
    `${drop(s.one_run)} with one run (alpha ${at(s.one_run_alpha)}); ` +
    `${drop(s.confirmed)} with --confirm (alpha ${at(s.confirmed_alpha)}; ` +
    `${extra} planned draws of ${s.planned.length} noisy cases)`;
}

function round(x: number): number {
  return Number(x.toPrecision(6));
}
