import type { Figure } from "../core/run_document.ts";

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
