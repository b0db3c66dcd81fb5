/**
 * A small trend line of values as inline SVG, for a table cell; nulls break the line. Its text
 * alternative names the first and last values, so a screen reader gets the trend too.
 *
 * @example
 * ```ts
 * import { ok } from "node:assert/strict";
 * ok(sparkline([0.8, 0.9], "accuracy").includes("<svg"));
 * ```
 */
export function sparkline(values: readonly (number | null)[], label: string): string {
  const known = values.filter((v): v is number => v !== null);
  if (known.length === 0) return "";
  const width = 120;
  const height = 24;
  let low = Math.min(...known);
  let high = Math.max(...known);
  if (high - low < 1e-9) {
    low -= 0.01;
    high += 0.01;
  }
  const x = (i: number) =>
    values.length <= 1 ? width / 2 : (i * (width - 4)) / (values.length - 1) + 2;
  const y = (v: number) => height - 2 - ((v - low) / (high - low)) * (height - 4);
  let d = "";
  let pen = "M";
  values.forEach((v, i) => {
    if (v === null) {
      pen = "M";
      return;
    }
    d += `${pen}${x(i).toFixed(1)} ${y(v).toFixed(1)} `;
    pen = "L";
  });
  const text = `${label}: ${known[0].toFixed(4)} to ${
    known.at(-1)!.toFixed(4)
  } over ${known.length} runs`;
  return `<svg class="spark" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" role="img" aria-label="${
    text.replace(/[&<>"]/g, "")
  }"><path d="${d.trim()}" fill="none" stroke="currentColor" stroke-width="1.5"/></svg>`;
}
