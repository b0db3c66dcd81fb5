import assert from "node:assert/strict";
import { join } from "node:path";
import {
  anthropicMessage,
  openaiCompletion,
  type RecordedRequest,
  startMockServer,
} from "../fixtures/models/mock_server.ts";
import { keyHostGrant } from "../support/key_hosts.ts";
import { cli, workspace } from "./_cli.ts";

const KEY = "sk-e2e-7b3f9c2d1a6e";
const RUDE = "Figure it out yourself.";

/** A suite whose target and judge both live on the mock server; the key comes from the env. */
function suite(url: string, keyVariable = "DIGLINE_TEST_KEY"): string {
  return `
name = "support"

[target]
provider = "openai"
base_url = "${url}/v1"
model = "sut-model"
api_key_env = "${keyVariable}"
prompt = "{{question}}"
retries = 1
backoff_ms = 0

[[assertions]]
name = "correct"
kind = "equals"

[[assertions]]
name = "polite"
kind = "judge"
rubric = "The answer is polite."
provider = "anthropic"
base_url = "${url}"
model = "judge-model"
api_key_env = "${keyVariable}"
backoff_ms = 0

[[aggregates]]
name = "accuracy"
kind = "accuracy"
over = "correct"

[[cases]]
id = "refund"
vars = { question = "How long for a refund?" }
expected = "30 days"

[[cases]]
id = "calibrate-rude"
kind = "calibration"
check = "polite"
expected_verdict = "fail"
output = "${RUDE}"
`;
}

/** The text of every file under a folder. */
async function filesUnder(dir: string): Promise<string[]> {
  const texts: string[] = [];
  for await (const entry of Deno.readDir(dir)) {
    const path = join(dir, entry.name);
    if (entry.isDirectory) texts.push(...await filesUnder(path));
    else if (entry.isFile) texts.push(await Deno.readTextFile(path));
  }
  return texts;
}

/** The mock model: the target answers "30 days"; the judge is honest until told otherwise. */
function models() {
  const state = { honest: true };
  const server = startMockServer((request: RecordedRequest) => {
    if (request.path === "/v1/chat/completions") {
      return openaiCompletion("30 days", { usage: { input: 9, output: 2 } });
    }
    const prompt = JSON.stringify(request.body);
    const verdict = state.honest && prompt.includes(RUDE) ? "fail" : "pass";
    return anthropicMessage(`{"verdict": "${verdict}", "reason": "graded"}`, {
      usage: { input: 120, output: 9 },
    });
  });
  return { server, state };
}

Deno.test("a judge's calibration case answered wrong: compare exits 2, calibration lost first", async () => {
  const { server, state } = models();
  try {
    const cwd = await workspace({ "suite.toml": suite(server.url) });
    const env = { DIGLINE_TEST_KEY: KEY, ...keyHostGrant(server.url, "DIGLINE_TEST_KEY") };
    const first = await cli(["run", "suite.toml"], { cwd, env });
    assert.equal(first.code, 0, first.stderr);
    assert.equal((await cli(["promote", "latest", "--because", "judged"], { cwd, env })).code, 0);

    state.honest = false;
    assert.equal((await cli(["run", "suite.toml"], { cwd, env })).code, 0);
    const compare = await cli(["compare"], { cwd, env });
    assert.equal(compare.code, 2, compare.stdout + compare.stderr);
    const headline = compare.stdout.split("\n")[0];
    assert.match(headline, /calibration lost: calibrate-rude · polite/);
    // Calibration qualifies every number after it, so it comes before every other clause.
    const clauses = headline.slice(headline.indexOf(":") + 1);
    assert.match(clauses.trim(), /^calibration lost/);

    const explain = await cli(["explain", "--json"], { cwd, env });
    const facts = JSON.parse(explain.stdout).facts as { kind: string }[];
    assert.ok(facts.some((f) => f.kind === "calibration-lost"));
    // The fixed output was judged; the target was asked only the normal case, once per run.
    assert.equal(server.requests.filter((r) => r.path === "/v1/chat/completions").length, 2);
  } finally {
    await server.close();
  }
});

Deno.test("view RUN shows the model calls, retries and tokens the run spent; the key is written nowhere", async () => {
  const { server } = models();
  try {
    const cwd = await workspace({ "suite.toml": suite(server.url) });
    const env = { DIGLINE_TEST_KEY: KEY, ...keyHostGrant(server.url, "DIGLINE_TEST_KEY") };
    const run = await cli(["run", "suite.toml"], { cwd, env });
    assert.equal(run.code, 0, run.stderr);
    assert.match(run.stdout, /model use {2}3 calls \(0 retries\): 249 tokens in, 20 out/);
    const view = await cli(["view", "latest"], { cwd, env });
    assert.match(view.stdout, /model use {2}3 calls \(0 retries\): 249 tokens in, 20 out/);
    assert.match(view.stdout, /target openai sut-model: 1 call \(0 retries\), 9 in, 2 out/);
    assert.match(
      view.stdout,
      /judge {2}anthropic judge-model: 2 calls \(0 retries\), 240 in, 18 out/,
    );
    const json = JSON.parse((await cli(["view", "latest", "--json"], { cwd, env })).stdout);
    assert.equal(json.totals.calls, 3);
    assert.equal(json.totals.input_tokens, 249);

    // The key went to the server, and to nothing digline wrote or printed.
    assert.equal(server.requests[0].headers["authorization"], `Bearer ${KEY}`);
    const written = [
      run.stdout,
      run.stderr,
      view.stdout,
      ...await filesUnder(join(cwd, ".digline")),
    ];
    assert.ok(written.length >= 4);
    for (const text of written) assert.equal(text.includes(KEY), false);
  } finally {
    await server.close();
  }
});

Deno.test("a key variable outside --allow-env is refused in one line naming the flag, before any call", async () => {
  const { server } = models();
  try {
    const cwd = await workspace({ "suite.toml": suite(server.url, "MY_VENDOR_KEY") });
    const result = await cli(["run", "suite.toml"], {
      cwd,
      env: { MY_VENDOR_KEY: KEY, ...keyHostGrant(server.url, "MY_VENDOR_KEY") },
    });
    assert.equal(result.code, 64);
    assert.equal(
      result.stderr,
      'digline: Permission refused: digline may not read the environment variable "MY_VENDOR_KEY" ' +
        '(the API key of judge "polite"); add --allow-env=MY_VENDOR_KEY to the command\n',
    );
    assert.equal(server.requests.length, 0);
  } finally {
    await server.close();
  }
});

Deno.test("an unset key variable is refused before any call, and leaves no journal to resume", async () => {
  const { server } = models();
  try {
    const cwd = await workspace({ "suite.toml": suite(server.url, "DIGLINE_UNSET_KEY_4821") });
    const grant = keyHostGrant(server.url, "DIGLINE_UNSET_KEY_4821");
    const result = await cli(["run", "suite.toml"], { cwd, env: grant });
    assert.equal(result.code, 64);
    assert.match(
      result.stderr,
      /^digline: The environment variable DIGLINE_UNSET_KEY_4821, which judge "polite" names in api_key_env, is not set/,
    );
    assert.equal(result.stderr.trim().split("\n").length, 1);
    assert.equal(server.requests.length, 0);
    const again = await cli(["run", "suite.toml"], {
      cwd,
      env: { DIGLINE_UNSET_KEY_4821: KEY, ...grant },
    });
    assert.equal(again.code, 0, again.stderr);
  } finally {
    await server.close();
  }
});
