import type { Io } from "./io.ts";

/**
 * A one-line progress display on a terminal's stderr, redrawn at most every 100 ms. Hand-written
 * because the npm progress bars write to Node's process.stderr, which a Deno binary can not scope.
 */
export function progressLine(io: Io, options: { label: string; now?: () => number }) {
  const now = options.now ?? (() => performance.now());
  let last = -Infinity;
  let shown = false;
  return {
    update(done: number, total: number, errored: number): void {
      if (!io.errIsTerminal) return;
      const t = now();
      if (done < total && t - last < 100) return;
      last = t;
      const width = 24;
      const filled = total === 0 ? width : Math.round((done / total) * width);
      const bar = "#".repeat(filled) + "-".repeat(width - filled);
      const pct = total === 0 ? 100 : Math.floor((done / total) * 100);
      const errors = errored > 0 ? `, ${errored} errored` : "";
      io.err(`\r${options.label} [${bar}] ${done}/${total} cases ${pct}%${errors}\x1b[K`);
      shown = true;
    },
    finish(): void {
      if (shown) io.err("\r\x1b[K");
    },
  };
}
