import { deepEqual, equal, match, ok, rejects } from "node:assert/strict";
import { join } from "node:path";
import { isJudgeAssertion } from "../../../core/suite/assertions/builtin.ts";
import { RefusalError, SuiteLoadError } from "../../../host/process/refusals.ts";
import { loadSuite } from "../../../host/suite_loader/mod.ts";

const CASES = `
[[cases]]
id = "refund"
vars = { question = "How long?" }
expected = "30 days"
`;

async function load(toml: string, files: Record<string, string> = {}) {
  const dir = await Deno.makeTempDir({ prefix: "digline-provider-" });
  await Deno.writeTextFile(join(dir, "suite.toml"), toml);
  await Deno.writeTextFile(join(dir, "system.ts"), 'export const answer = () => "";\n');
  for (const [name, text] of Object.entries(files)) await Deno.writeTextFile(join(dir, name), text);
  return await loadSuite("suite.toml", { cwd: dir });
}

async function refusalOf(
  toml: string,
  files: Record<string, string> = {},
): Promise<SuiteLoadError> {
  try {
    await load(toml, files);
  } catch (error) {
    if (error instanceof SuiteLoadError) return error;
    throw error;
  }
  throw new Error("the suite loaded, and a refusal was expected");
}

/** Loads with `grant` as the launch's DIGLINE_KEY_HOSTS, and the variable as it was after. */
async function loadGranted(grant: string, toml: string) {
  const before = Deno.env.get("DIGLINE_KEY_HOSTS");
  Deno.env.set("DIGLINE_KEY_HOSTS", grant);
  try {
    return await load(toml);
  } finally {
    if (before === undefined) Deno.env.delete("DIGLINE_KEY_HOSTS");
    else Deno.env.set("DIGLINE_KEY_HOSTS", before);
  }
}

Deno.test("a provider target loads with its connection, prompt and settings; its identity names no key", async () => {
  const { suite } = await loadGranted(
    "DIGLINE_VLLM_KEY=127.0.0.1:8000",
    `
name = "bot"

[target]
provider = "openai"
base_url = "http://127.0.0.1:8000/v1"
model = "qwen2.5-7b-instruct"
api_key_env = "DIGLINE_VLLM_KEY"
system = "Be brief."
prompt = "Q: {{question}}"
temperature = 0
max_tokens = 64
requests_per_minute = 120
repeats = 3

[[assertions]]
name = "correct"
kind = "equals"
${CASES}`,
  );
  deepEqual(suite.target, {
    kind: "provider",
    prompt: "Q: {{question}}",
    connection: {
      provider: "openai",
      base_url: "http://127.0.0.1:8000/v1",
      model: "qwen2.5-7b-instruct",
      api_key_env: "DIGLINE_VLLM_KEY",
      system: "Be brief.",
      temperature: 0,
      max_tokens: 64,
      requests_per_minute: 120,
      headers: {},
      query: {},
      circuit_failures: 5,
    },
  });
  equal(suite.settings.repeats, 3);
});

Deno.test("a judge loads as a judge, and its definition holds no key variable", async () => {
  const { suite } = await load(`
name = "bot"

[target]
module = "system.ts"

[[assertions]]
name = "polite"
kind = "judge"
rubric = "The answer is polite."
provider = "anthropic"
model = "claude-haiku-5-5"
api_key_env = "ANTHROPIC_API_KEY"
reduce = "mean"
min_pass_rate = 0.6

[[cases]]
id = "calibrate-rude"
kind = "calibration"
check = "polite"
expected_verdict = "fail"
vars = { question = "x" }
repeats = 5
`);
  const [judge] = suite.assertions;
  ok(isJudgeAssertion(judge));
  equal(judge.judge.api_key_env, "ANTHROPIC_API_KEY");
  equal(JSON.stringify(judge.definition).includes("ANTHROPIC_API_KEY"), false);
  match(JSON.stringify(judge.definition), /"reduce":"mean"/);
  equal(suite.cases[0].repeats, 5);
});

Deno.test("a credential written into the suite is refused at its line", async () => {
  const error = await refusalOf(`
name = "bot"

[target]
provider = "openai"
model = "gpt-4o-mini"
prompt = "{{question}}"
headers = { Authorization = "Bearer sk-live-123" }

[[assertions]]
name = "correct"
kind = "equals"
${CASES}`);
  match(error.message, /^suite\.toml:8:\d+: .*header "Authorization" carries a credential/);
  ok(error instanceof RefusalError);
});

Deno.test("temperature under anthropic-version 2026-10-21 is refused when the suite loads, not by a 400 mid-run", async () => {
  const error = await refusalOf(`
name = "bot"

[target]
provider = "anthropic"
model = "claude-sonnet-5-5"
prompt = "{{question}}"
temperature = 0

[[assertions]]
name = "correct"
kind = "equals"
${CASES}`);
  match(error.message, /^suite\.toml:8:1: .*refuses temperature.*anthropic_version = "2023-06-01"/);
});

Deno.test("a case without a var the prompt names is refused at that case, before any call", async () => {
  const error = await refusalOf(
    `
name = "bot"
cases_file = "cases.jsonl"

[target]
provider = "openai"
model = "m"
prompt = "{{question}} in {{lang}}"

[[assertions]]
name = "correct"
kind = "equals"
`,
    {
      "cases.jsonl": '{"id": "a", "vars": {"question": "x", "lang": "en"}}\n' +
        '{"id": "b", "vars": {"question": "y"}}\n',
    },
  );
  match(
    error.message,
    /^cases\.jsonl:2:\d+: .*case "b" has no var "lang", which the target's prompt names as \{\{lang\}\}/,
  );
});

Deno.test("a judge prompt naming a field a judge does not have is refused", async () => {
  const error = await refusalOf(`
name = "bot"

[target]
module = "system.ts"

[[assertions]]
name = "polite"
kind = "judge"
rubric = "r"
provider = "openai"
model = "m"
prompt = "Grade {{answer}} against {{rubric}}: {{output}}"
${CASES}`);
  match(error.message, /the judge prompt names \{\{answer\}\}/);
});

Deno.test("repeats may come from a CSV column", async () => {
  const { suite } = await load(
    `
name = "bot"
cases_file = "cases.csv"

[target]
module = "system.ts"

[[assertions]]
name = "correct"
kind = "equals"
`,
    { "cases.csv": "id,question,repeats\na,x,3\nb,y,\n" },
  );
  deepEqual(suite.cases.map((c) => [c.id, c.repeats, c.vars]), [
    ["a", 3, { question: "x" }],
    ["b", undefined, { question: "y" }],
  ]);
});

/** A suite whose target and judge send their keys to `target` and `judge` (base_url lines). */
function keyed(target: string, judge: string): string {
  return `
name = "keyed"

[target]
provider = "openai"
model = "m"
${target}
api_key_env = "OPENAI_API_KEY"
prompt = "{{question}}"

[[assertions]]
name = "fair"
kind = "judge"
rubric = "fair"
provider = "anthropic"
model = "j"
${judge}
api_key_env = "ANTHROPIC_API_KEY"
${CASES}`;
}

Deno.test("a key sent to its provider's own host needs no grant, with or without base_url", async () => {
  await loadGranted("", keyed("", ""));
  await loadGranted(
    "",
    keyed('base_url = "https://api.openai.com/v1"', 'base_url = "https://api.anthropic.com/"'),
  );
});

Deno.test("a key sent to its provider's host on another scheme or port needs a grant", async () => {
  for (const url of ["http://api.openai.com/v1", "https://api.openai.com:8443/v1"]) {
    await rejects(loadGranted("", keyed(`base_url = "${url}"`, "")), SuiteLoadError);
  }
});

Deno.test("a grant without a port allows the host on its scheme's default port, and no other", async () => {
  const gateway = keyed('base_url = "https://gateway.example/v1"', "");
  await loadGranted("OPENAI_API_KEY=GATEWAY.example", gateway);
  await loadGranted("OPENAI_API_KEY=gateway.example:443", gateway);
  await rejects(
    loadGranted(
      "OPENAI_API_KEY=gateway.example",
      keyed('base_url = "https://gateway.example:8443/v1"', ""),
    ),
    (error: unknown) => {
      ok(error instanceof SuiteLoadError);
      match(
        error.message,
        /DIGLINE_KEY_HOSTS="OPENAI_API_KEY=gateway\.example,gateway\.example:8443"/,
      );
      return true;
    },
  );
});

Deno.test("a judge's key is bound to its own variable's grants, at the judge's line", async () => {
  await rejects(
    loadGranted(
      "OPENAI_API_KEY=127.0.0.1:9000",
      keyed("", 'base_url = "http://127.0.0.1:9000"'),
    ),
    (error: unknown) => {
      ok(error instanceof SuiteLoadError);
      equal(error.line, 17);
      match(error.message, /ANTHROPIC_API_KEY=127\.0\.0\.1:9000"$/);
      return true;
    },
  );
});
