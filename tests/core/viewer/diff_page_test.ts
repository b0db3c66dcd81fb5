import { deepStrictEqual as assertEquals, ok } from "node:assert/strict";
import { diffDocumentOf } from "../../../core/documents/history.ts";
import { diffOutputs } from "../../../core/run/output_diff.ts";
import type { RunDocument } from "../../../core/run/run_document.ts";
import { comparisonPage } from "../../../core/viewer/comparison_page.ts";
import { diffPage } from "../../../core/viewer/diff_page.ts";
import { fakeRun } from "../_runs.ts";

const HOSTILE = `<script>alert(1)</script><img src=x onerror=alert(2)>`;

function withOutputs(run: RunDocument, outputs: Record<string, string>): RunDocument {
  return { ...run, cases: run.cases.map((c) => ({ ...c, output: outputs[c.case_id] ?? "x" })) };
}

Deno.test("the two-run page lists diff's changed cases with both verdicts, and escapes every output", () => {
  const a = withOutputs(
    fakeRun("20261130-000000-000-aaaaaa", [
      { id: "q1", statuses: { correct: "pass" } },
      { id: "q2", statuses: { correct: "pass" } },
    ]),
    { q1: "fine answer", q2: "same" },
  );
  const b = withOutputs(
    fakeRun("20261130-000100-000-bbbbbb", [
      { id: "q1", statuses: { correct: "fail" } },
      { id: "q2", statuses: { correct: "pass" } },
    ]),
    { q1: `fine ${HOSTILE}`, q2: "same" },
  );
  const html = diffPage({
    diff: diffDocumentOf(diffOutputs(a, b)),
    a,
    b,
    approved: a.run_id,
    redacted: [],
  });
  assertEquals(
    [...html.matchAll(/<tr class="change" data-row data-case="([^"]*)"/g)].map((m) => m[1]),
    [
      "q1",
    ],
  );
  ok(html.includes(`data-move="pass-to-fail"`));
  ok(!html.includes("<script>alert") && !html.includes("<img src=x"), "hostile text is escaped");
  ok(html.includes("&lt;script&gt;"));
  ok(html.includes("<ins>"), "the changed words are marked");
});

Deno.test("a suite with no approval gets a comparison page that names how to approve", () => {
  const html = comparisonPage({
    kind: "unapproved",
    suite: "s",
    latest: "20261130-000000-000-aaaaaa",
  });
  ok(html.includes(`digline promote 20261130-000000-000-aaaaaa --because`));
  const refused = comparisonPage({ kind: "refused", suite: "s", message: `bad <b>thing</b>` });
  ok(refused.includes("Not compared: bad &lt;b&gt;thing&lt;/b&gt;"));
});
