import { deepStrictEqual as assertEquals, ok } from "node:assert/strict";
import { payloadDigest, redactRun } from "../../../core/run/redact_run.ts";
import type { RunDocument } from "../../../core/run/run_document.ts";
import { casePage } from "../../../core/viewer/case_page.ts";
import { runPage } from "../../../core/viewer/run_page.ts";
import { caseSegment, pageOfPath, pagePath } from "../../../core/viewer/site_paths.ts";
import { fakeRun } from "../_runs.ts";

const HOSTILE = `<script>alert("x")</script>`;

function newerRun(): RunDocument {
  const run = fakeRun("20261130-000000-000-aaaaaa", [{ id: "a", statuses: { polite: "pass" } }]);
  run.label = `label ${HOSTILE}`;
  run.target_settings = {
    provider: "openai",
    model: "m",
    endpoint: "127.0.0.1:1",
    system: "sha256:0123456789ab",
    temperature: 0,
  };
  run.cases[0] = {
    ...run.cases[0],
    vars: { text: `say ${HOSTILE}`, n: 3 },
    prompt: `Q: say ${HOSTILE}`,
    expected: "hi",
    verdicts: [{
      ...run.cases[0].verdicts[0],
      reason: "kind",
      answer: `{"verdict":"pass"} ${HOSTILE}`,
    }],
  };
  return run;
}

Deno.test("an older run's case page and run page render without inputs, label or target settings, and say what is missing", () => {
  const older = fakeRun("20261130-000000-000-bbbbbb", [{ id: "a", statuses: { correct: "pass" } }]);
  const html = casePage(older, older.cases[0], { redacted: [] });
  ok(html.includes("No vars recorded"), html);
  ok(html.includes("0000000000000000"), "the input's digest, which older runs kept");
  ok(!html.includes(`id="prompt"`) && !html.includes(`id="label"`));
  const run = runPage(older, { redacted: [] });
  ok(!run.includes(`id="label"`) && !run.includes(`id="target-settings"`));
  ok(
    run.includes(`href="../case/20261130-000000-000-bbbbbb/a.html"`),
    "each case links to its page",
  );
});

Deno.test("a case page escapes hostile vars, prompts, replies and labels", () => {
  const run = newerRun();
  const html = casePage(run, run.cases[0], { redacted: [] }) + runPage(run, { redacted: [] });
  ok(!html.includes(HOSTILE), "no text of the run reaches the page unescaped");
  ok(html.includes("say &lt;script&gt;"), html);
});

Deno.test("redacting vars replaces each var's value, the prompt and the expected value by digests; a judge's reply goes with the outputs", () => {
  const run = newerRun();
  const vars = redactRun(run, ["vars"]).cases[0];
  assertEquals(vars.vars, {
    text: payloadDigest(JSON.stringify(`say ${HOSTILE}`)),
    n: payloadDigest("3"),
  });
  assertEquals(vars.prompt, payloadDigest(`Q: say ${HOSTILE}`));
  const outputs = redactRun(run, ["outputs"]).cases[0];
  assertEquals(outputs.vars, run.cases[0].vars, "outputs alone leaves the inputs");
  assertEquals(outputs.prompt, run.cases[0].prompt);
  assertEquals(outputs.verdicts[0].answer, payloadDigest(`{"verdict":"pass"} ${HOSTILE}`));
});

Deno.test("a case's page path reads back as the same case, whatever its id", () => {
  for (const caseId of ["amazon-0018", "a/b", "..", ".", "%2e", "é", "x".repeat(200)]) {
    const page = { page: "case" as const, runId: "20261130-000000-000-aaaaaa", caseId };
    const read = pageOfPath(`/${pagePath(page)}`);
    ok(read?.page === "case", caseId);
    assertEquals(caseSegment(read.caseId), caseSegment(caseId), caseId);
    ok(pagePath(page).split("/").at(-1)!.length <= 160, caseId);
  }
  assertEquals(pageOfPath("/case/r/..%2F..%2Fx.html"), undefined);
});

Deno.test("a run's page counts the verdicts a judge gave only on a re-ask, as the verdicts record it", () => {
  const run = fakeRun("20261130-000000-000-cccccc", [
    { id: "a", statuses: { polite: "pass" } },
    { id: "b", statuses: { polite: "pass" } },
  ]);
  ok(!runPage(run, { redacted: [] }).includes(`id="reasked"`), "none re-asked: no line");
  run.cases[1].verdicts[0].metadata = { reasked: true, asks: 2 };
  const html = runPage(run, { redacted: [] });
  const line = /<dd id="reasked">(.*?)<\/dd>/.exec(html)?.[1];
  assertEquals(line, "1 verdict needed a judge&apos;s re-ask: b · polite");
});
