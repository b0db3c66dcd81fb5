import { deepStrictEqual as assertEquals, ok } from "node:assert/strict";
import { highlightedPair } from "../../../core/report/html_word_diff.ts";
import { renderHtml } from "../../../core/report/html.ts";
import { manyRegressions, reportInput } from "./_input.ts";

Deno.test("a highlighted pair marks the changed words and escapes every text", () => {
  const pair = highlightedPair("<b>yes</b> it is", "<b>no</b> it is", { limit: 1_000 });
  assertEquals(pair.before, "&lt;b&gt;<del>yes</del>&lt;/b&gt; it is");
  assertEquals(pair.after, "&lt;b&gt;<ins>no</ins>&lt;/b&gt; it is");
});

Deno.test("a highlighted pair of long answers keeps the change and a little around it, and counts what it leaves out", () => {
  const long = "lorem ".repeat(2_000);
  const pair = highlightedPair(`${long}positive ${long}`, `${long}negative ${long}`, {
    limit: 4_000,
  });
  ok(pair.after.includes("<ins>negative</ins>"), pair.after.slice(0, 200));
  ok(pair.after.length < 1_200, `${pair.after.length} characters`);
  ok(pair.after.includes("unchanged characters"));
});

Deno.test("a highlighted side stops at its limit and says how much is left", () => {
  const pair = highlightedPair("a", "b ".repeat(5_000), { limit: 100 });
  ok(pair.after.includes("more characters"));
  ok(pair.after.length < 400);
});

Deno.test("a report of two thousand long, wholly different flipped outputs is drawn within a few seconds", () => {
  const words = (seed: number) =>
    Array.from({ length: 1_500 }, (_, i) => `w${(i * 7919 + seed) % 10_007}`).join(" ");
  const { before, after } = manyRegressions(2_000);
  const input = reportInput(before, after, {
    edit: (run) => ({
      ...run,
      cases: run.cases.map((c, i) => ({
        ...c,
        output: words(run.run_id.endsWith("a") ? i : i + 1),
      })),
    }),
  });
  const started = performance.now();
  const html = renderHtml(input);
  const ms = performance.now() - started;
  ok(ms < 4_000, `took ${Math.round(ms)} ms`);
  ok(html.includes("<ins>"));
});
