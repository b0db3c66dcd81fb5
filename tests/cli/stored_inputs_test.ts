import { deepStrictEqual as assertEquals } from "node:assert/strict";
import { join } from "node:path";
import { openaiCompletion, startMockServer } from "../fixtures/models/mock_server.ts";
import { storedRun } from "../support/stored_run.ts";
import { cli, workspace } from "./_cli.ts";

function suite(url: string, template: string): string {
  return `name = "inputs"

[target]
provider = "openai"
base_url = "${url}/v1"
model = "sut-model"
system = "Be brief."
prompt = "${template}"
retries = 0

[[assertions]]
name = "polite"
kind = "judge"
rubric = "The answer is polite."
provider = "openai"
base_url = "${url}/v1"
model = "judge-model"

[[cases]]
id = "asked"
vars = { text = "where is my parcel", lang = "en" }

[[cases]]
id = "calibrated"
kind = "calibration"
check = "polite"
expected_verdict = "pass"
output = "Thank you."
`;
}

Deno.test("a run stores each case's vars, the prompt its model target sent and the judge's reply; rejudge keeps the prompts the graded run sent", async () => {
  const reply = '{"verdict": "pass", "reason": "kind"}';
  const server = startMockServer((request) =>
    openaiCompletion((request.body as { model: string }).model === "judge-model" ? reply : "soon")
  );
  try {
    const cwd = await workspace({ "suite.toml": suite(server.url, "Classify: {{text}}") });
    const ran = await cli(["run", "suite.toml", "--json"], { cwd });
    assertEquals(ran.code, 0, ran.stderr);
    const run = await storedRun(cwd, JSON.parse(ran.stdout).path);
    const [asked, calibrated] = run.cases;
    assertEquals(asked.vars, { text: "where is my parcel", lang: "en" });
    assertEquals(asked.prompt, "Classify: where is my parcel");
    assertEquals(asked.verdicts[0].answer, reply);
    // The calibration case's fixed output was never sent: it has no vars and no prompt.
    assertEquals([calibrated.vars, calibrated.prompt], [undefined, undefined]);
    assertEquals(calibrated.verdicts[0].answer, reply);

    // A new template: the rejudged run records what was sent, not what would be now.
    await Deno.writeTextFile(join(cwd, "suite.toml"), suite(server.url, "Sort: {{text}}"));
    const rejudged = await cli(["rejudge", run.run_id, "--json"], { cwd });
    assertEquals(rejudged.code, 0, rejudged.stderr);
    const again = await storedRun(cwd, JSON.parse(rejudged.stdout).path);
    assertEquals(again.cases[0].prompt, "Classify: where is my parcel");
    assertEquals(again.cases[0].vars, asked.vars);
  } finally {
    await server.close();
  }
});
