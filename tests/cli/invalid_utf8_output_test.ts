import { deepStrictEqual as assertEquals, match, ok } from "node:assert/strict";
import { cli, workspace } from "./_cli.ts";
import { storedRun } from "../support/stored_run.ts";
import { openaiCompletion, startMockServer } from "../fixtures/models/mock_server.ts";

/** A suite of two cases, "bad" and "good", against `target`, checking that the answer holds `word`. */
function twoCaseSuite(target: string, word: string): string {
  return `
name = "bytes"

[target]
${target}
retries = 0

[[assertions]]
name = "says-${word}"
kind = "includes"
value = "${word}"

[[cases]]
id = "bad"
vars = { which = "bad" }

[[cases]]
id = "good"
vars = { which = "good" }
`;
}

// Case "bad" answers the bytes 61 FF 62 ("a", a byte that is never UTF-8, "b"); "good" answers "ab".
const SUITE = twoCaseSuite(
  `command = ["sh", "-c", "if grep -q bad; then printf 'a\\\\377b'; else printf 'ab'; fi"]`,
  "a",
);

const NOTE = /bad: the output was not UTF-8 \(first bad byte 0xff at offset 1\)/;

Deno.test("an output that is not UTF-8 keeps its replacement and is noted on the case, in view and in explain", async () => {
  const cwd = await workspace({ "suite.toml": SUITE });
  const run = await cli(["run", "suite.toml", "--json"], { cwd });
  assertEquals(run.code, 0, run.stderr);
  const summary = JSON.parse(run.stdout);
  const stored = await storedRun(cwd, summary.path);
  const byId = Object.fromEntries(stored.cases.map((c: { case_id: string }) => [c.case_id, c]));
  assertEquals(byId.bad.output, "a\uFFFDb");
  assertEquals(byId.bad.output_notes.length, 1);
  match(byId.bad.output_notes[0], /not UTF-8.*U\+FFFD/);
  assertEquals(byId.good.output, "ab");
  assertEquals(byId.good.output_notes, undefined);
  assertEquals(summary.output_notes.length, 1);
  match(summary.output_notes[0], NOTE);

  const view = await cli(["view", summary.run_id], { cwd });
  assertEquals(view.code, 0, view.stderr);
  match(view.stdout, NOTE);
  ok(!view.stdout.includes("good:"), view.stdout);

  assertEquals((await cli(["promote", summary.run_id, "--because", "t"], { cwd })).code, 0);
  assertEquals((await cli(["run", "suite.toml"], { cwd })).code, 0);
  const explain = await cli(["explain"], { cwd });
  assertEquals(explain.code, 0, explain.stderr + explain.stdout);
  match(explain.stdout, /note: bad: the output was not UTF-8/);
  const explainJson = JSON.parse((await cli(["explain", "--json"], { cwd })).stdout);
  match(explainJson.output_notes[0], NOTE);
});

Deno.test("a model's answer that is not UTF-8 is noted on the case, as a command's is", async () => {
  // The completion's JSON with "30 days" in place, then its "3" swapped for the byte FF.
  const json = new TextEncoder().encode(
    JSON.stringify(await openaiCompletion("30 days").json()),
  );
  const at = new TextDecoder().decode(json).indexOf("30 days");
  const bytes = Uint8Array.from(json);
  bytes[at] = 0xff;
  const server = startMockServer((request) =>
    request.path === "/v1/chat/completions" && JSON.stringify(request.body).includes("bad")
      ? new Response(bytes, { headers: { "content-type": "application/json" } })
      : openaiCompletion("30 days")
  );
  try {
    const cwd = await workspace({
      "suite.toml": twoCaseSuite(
        `provider = "openai"\nbase_url = "${server.url}/v1"\nmodel = "sut"\nprompt = "{{which}}"`,
        "days",
      ),
    });
    const run = await cli(["run", "suite.toml", "--json"], { cwd });
    assertEquals(run.code, 0, run.stderr);
    const summary = JSON.parse(run.stdout);
    const stored = await storedRun(cwd, summary.path);
    const byId = Object.fromEntries(stored.cases.map((c: { case_id: string }) => [c.case_id, c]));
    assertEquals(byId.bad.output, "\uFFFD0 days");
    assertEquals(byId.good.output_notes, undefined);
    assertEquals(byId.bad.output_notes.length, 1);
    match(
      byId.bad.output_notes[0],
      new RegExp(`^the model's response was not UTF-8 \\(first bad byte 0xff at offset ${at}\\)`),
    );
  } finally {
    await server.close();
  }
});

Deno.test("each verdict judged on an output that was not UTF-8 says so in its reason, with the bytes replaced", async () => {
  // "bad" answers 61 FF FE 62: two bytes that are never UTF-8 between "a" and "b".
  const cwd = await workspace({
    "suite.toml": twoCaseSuite(
      `command = ["sh", "-c", "if grep -q bad; then printf 'a\\\\377\\\\376b'; else printf 'ab'; fi"]`,
      "a",
    ),
  });
  const run = await cli(["run", "suite.toml", "--json"], { cwd });
  assertEquals(run.code, 0, run.stderr);
  const stored = await storedRun(cwd, JSON.parse(run.stdout).path);
  const byId = Object.fromEntries(stored.cases.map((c: { case_id: string }) => [c.case_id, c]));
  assertEquals(byId.bad.output, "a\uFFFD\uFFFDb");
  match(byId.bad.output_notes[0], /2 bytes of 4 that were not are replaced with U\+FFFD/);
  assertEquals(byId.bad.verdicts.length, 1);
  assertEquals(byId.bad.verdicts[0].status, "pass");
  match(
    byId.bad.verdicts[0].reason,
    /^note: the output was not UTF-8 \(first bad byte 0xff at offset 1\); 2 bytes of 4 that were not are replaced with U\+FFFD/,
  );
  assertEquals(byId.good.verdicts[0].reason, undefined);
});
