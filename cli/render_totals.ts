import type { RunTotals } from "../core/model/usage.ts";
import { grouped } from "../core/grouped.ts";

/**
 * A run's cost as `run` and `view RUN` print it: model calls, retries and tokens, overall and
 * per role and model, then the time spent waiting on the target. Empty when nothing was
 * recorded.
 */
export function totalsLines(totals: RunTotals | undefined): string[] {
  if (totals === undefined) return [];
  const lines: string[] = [];
  if (totals.calls > 0) {
    const unmetered = totals.unmetered === 0
      ? ""
      : `; ${count(totals.unmetered, "call")} reported no usage`;
    lines.push(
      `  model use  ${count(totals.calls, "call")} (${
        count(totals.retries, "retry", "retries")
      }): ` +
        `${number(totals.input_tokens)} tokens in, ${number(totals.output_tokens)} out${unmetered}`,
    );
    for (const u of totals.by_model) {
      lines.push(
        `    ${u.role.padEnd(7)}${u.provider} ${u.model}: ${count(u.calls, "call")} ` +
          `(${count(u.retries, "retry", "retries")}), ${number(u.input_tokens)} in, ` +
          `${number(u.output_tokens)} out`,
      );
    }
  }
  lines.push(
    `  waited     ${seconds(totals.latency_ms)} on the target over ${
      count(totals.cases, "case")
    }, ` +
      `${count(totals.attempts, "attempt")}`,
  );
  return lines;
}

function count(n: number, one: string, many = `${one}s`): string {
  return `${number(n)} ${n === 1 ? one : many}`;
}

function number(n: number): string {
  return grouped(n);
}

function seconds(ms: number): string {
  if (ms < 1000) return `${Math.round(ms)} ms`;
  return ms < 120_000 ? `${(ms / 1000).toFixed(1)} s` : `${(ms / 60_000).toFixed(1)} min`;
}
