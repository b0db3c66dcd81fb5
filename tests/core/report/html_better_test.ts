import { deepStrictEqual as assertEquals, ok } from "node:assert/strict";
import { renderHtml } from "../../../core/report/html.ts";
import { renderMarkdown } from "../../../core/report/markdown.ts";
import type { FakeCase } from "../_runs.ts";
import { reportInput } from "./_input.ts";

function cases(passing: number, total: number): FakeCase[] {
  return Array.from({ length: total }, (_, i) => ({
    id: `c${String(i).padStart(3, "0")}`,
    statuses: { correct: i < passing ? "pass" : "fail" },
  }));
}

function statusCell(html: string, figure: string): string {
  return new RegExp(`<tr data-figure="${figure}">.*?<td class="(status[^"]*)">([^<]*)</td></tr>`)
    .exec(html)?.slice(1).join(" | ") ?? "";
}

Deno.test("the HTML report calls a rise better only where it is significant at the gate's level", () => {
  const small = reportInput(cases(2, 3), cases(3, 3));
  const accuracy = small.comparison.figures.find((f) => f.name === "accuracy")!;
  assertEquals(accuracy.status, "better", "compare calls the rise better");
  ok(accuracy.interval !== null && accuracy.interval.low < 0, "its interval spans zero");
  assertEquals(
    statusCell(renderHtml(small), "accuracy"),
    "status status-not-significant | rose, not significant",
  );

  const large = reportInput(cases(5, 60), cases(55, 60));
  assertEquals(statusCell(renderHtml(large), "accuracy"), "status status-better | better");
});

Deno.test("the Markdown report calls a rise better only where it is significant at the gate's level", () => {
  const row = (markdown: string) => markdown.split("\n").find((l) => l.startsWith("| `accuracy`"));
  const small = renderMarkdown(reportInput(cases(2, 3), cases(3, 3)));
  ok(row(small)?.includes("| rose, not significant"), row(small));
  const large = renderMarkdown(reportInput(cases(5, 60), cases(55, 60)));
  ok(row(large)?.includes("| better"), row(large));
});
