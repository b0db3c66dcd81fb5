import assert from "node:assert/strict";
import {
  anthropicMessage,
  openaiCompletion,
  startMockServer,
} from "../fixtures/models/mock_server.ts";
import { cli, ROOT, smallSystem, workspace } from "./_cli.ts";
import { storedFiles } from "../support/key_hosts.ts";

const KEY = "sk-key-hosts-4e81b20c9d7a";

/** A server on the loopback that answers as a model would and keeps every request it was sent. */
function listener() {
  return startMockServer((request) =>
    request.path === "/v1/chat/completions"
      ? openaiCompletion("a1")
      : anthropicMessage('{"verdict": "pass"}')
  );
}

const CASES = `
[[assertions]]
name = "says-something"
kind = "includes"
value = "a"

[[cases]]
id = "one"
vars = { n = 1 }
`;

/** A provider target whose key goes to `url`. */
function providerSuite(url: string): string {
  return `name = "keyed"

[target]
provider = "openai"
model = "m"
base_url = "${url}/v1"
api_key_env = "OPENAI_API_KEY"
prompt = "{{n}}"
retries = 0
${CASES}`;
}

/** A module target, with a judge whose key goes to `url`. */
function judgedSuite(url: string): string {
  return `name = "judged"

[target]
module = "system.ts"
export = "answer"

[[assertions]]
name = "fair"
kind = "judge"
rubric = "fair"
provider = "anthropic"
model = "j"
base_url = "${url}"
api_key_env = "OPENAI_API_KEY"

[[cases]]
id = "one"
vars = { n = 1 }
`;
}

function hostOf(url: string): string {
  return new URL(url).host;
}

Deno.test("a suite that points a key at an ungranted host on the loopback is refused with 64 before any request, naming its line and the grant; nothing is stored", async () => {
  const server = listener();
  try {
    const cwd = await workspace({ "suite.toml": providerSuite(server.url) });
    const result = await cli(["run", "suite.toml"], {
      cwd,
      env: { OPENAI_API_KEY: KEY, DIGLINE_KEY_HOSTS: "" },
    });
    assert.equal(result.code, 64, result.stdout + result.stderr);
    assert.equal(result.stderr.trim().split("\n").length, 1, result.stderr);
    const host = hostOf(server.url);
    assert.match(result.stderr, /^digline: suite\.toml:6:1: /);
    assert.ok(result.stderr.includes("OPENAI_API_KEY"), result.stderr);
    assert.ok(result.stderr.includes(host), result.stderr);
    assert.ok(
      result.stderr.includes(`DIGLINE_KEY_HOSTS="OPENAI_API_KEY=${host}"`),
      result.stderr,
    );
    assert.equal(result.stderr.includes(KEY), false);
    assert.equal(server.requests.length, 0, "the key reached the listener");
    assert.deepEqual(await storedFiles(cwd), []);
  } finally {
    await server.close();
  }
});

Deno.test("the same suite with its host granted in DIGLINE_KEY_HOSTS runs end to end, and the key reaches that server", async () => {
  const server = listener();
  try {
    const cwd = await workspace({ "suite.toml": providerSuite(server.url) });
    const result = await cli(["run", "suite.toml", "--json"], {
      cwd,
      env: {
        OPENAI_API_KEY: KEY,
        DIGLINE_KEY_HOSTS: `OTHER_KEY=gateway.example;OPENAI_API_KEY=${hostOf(server.url)}`,
      },
    });
    assert.equal(result.code, 0, result.stderr);
    assert.equal(server.requests.length, 1);
    assert.equal(server.requests[0].headers["authorization"], `Bearer ${KEY}`);
  } finally {
    await server.close();
  }
});

Deno.test("a grant of the host on another port, or of another variable, does not grant it", async () => {
  const server = listener();
  try {
    const cwd = await workspace({ "suite.toml": providerSuite(server.url) });
    const port = Number(new URL(server.url).port);
    for (
      const grant of [
        `OPENAI_API_KEY=127.0.0.1:${port + 1}`,
        "OPENAI_API_KEY=127.0.0.1",
        `ANTHROPIC_API_KEY=127.0.0.1:${port}`,
        `OPENAI_API_KEY=localhost:${port}`,
      ]
    ) {
      const result = await cli(["run", "suite.toml"], {
        cwd,
        env: { OPENAI_API_KEY: KEY, DIGLINE_KEY_HOSTS: grant },
      });
      assert.equal(result.code, 64, `${grant}: ${result.stderr}`);
    }
    assert.equal(server.requests.length, 0);
  } finally {
    await server.close();
  }
});

Deno.test("a judge that points a key at an ungranted host is refused at its line, before the system is called", async () => {
  const server = listener();
  try {
    const cwd = await workspace({
      "suite.toml": judgedSuite(server.url),
      "system.ts": smallSystem(),
    });
    const result = await cli(["run", "suite.toml"], {
      cwd,
      env: { OPENAI_API_KEY: KEY, DIGLINE_KEY_HOSTS: "" },
    });
    assert.equal(result.code, 64, result.stderr);
    assert.match(result.stderr, /^digline: suite\.toml:13:1: /);
    assert.ok(result.stderr.includes(`OPENAI_API_KEY=${hostOf(server.url)}`), result.stderr);
    assert.equal(result.stderr.trim().split("\n").length, 1);
    assert.equal(server.requests.length, 0);
    assert.deepEqual(await storedFiles(cwd), []);
  } finally {
    await server.close();
  }
});

Deno.test("an http target's key is bound to granted hosts too", async () => {
  const server = listener();
  try {
    const cwd = await workspace({
      "suite.toml": `name = "web"

[target]
http = "${server.url}/v1/chat/completions"
api_key_env = "OPENAI_API_KEY"
${CASES}`,
    });
    const refused = await cli(["run", "suite.toml"], {
      cwd,
      env: { OPENAI_API_KEY: KEY, DIGLINE_KEY_HOSTS: "" },
    });
    assert.equal(refused.code, 64, refused.stderr);
    assert.match(refused.stderr, /^digline: suite\.toml:4:1: /);
    assert.equal(server.requests.length, 0);
    const granted = await cli(["run", "suite.toml"], {
      cwd,
      env: { OPENAI_API_KEY: KEY, DIGLINE_KEY_HOSTS: `OPENAI_API_KEY=${hostOf(server.url)}` },
    });
    assert.equal(granted.code, 0, granted.stderr);
    assert.equal(server.requests[0].headers["authorization"], `Bearer ${KEY}`);
  } finally {
    await server.close();
  }
});

Deno.test("a suite written in code that points a key at an ungranted host is refused, naming the key", async () => {
  const server = listener();
  try {
    const cwd = await workspace({
      "suite.ts": `import { defineSuite, includes } from "${ROOT}/mod.ts";
export const suite = defineSuite({
  name: "coded",
  target: {
    provider: "openai",
    model: "m",
    base_url: "${server.url}/v1",
    api_key_env: "OPENAI_API_KEY",
    prompt: "{{n}}",
    retries: 0,
  },
  assertions: [includes({ name: "says-something", value: "a" })],
  cases: [{ id: "one", vars: { n: 1 } }],
});
`,
    });
    const result = await cli(["run", "suite.ts"], {
      cwd,
      env: { OPENAI_API_KEY: KEY, DIGLINE_KEY_HOSTS: "" },
    });
    assert.equal(result.code, 64, result.stderr);
    assert.match(result.stderr, /^digline: suite\.ts: target\.base_url: /);
    assert.ok(result.stderr.includes(`OPENAI_API_KEY=${hostOf(server.url)}`), result.stderr);
    assert.equal(server.requests.length, 0);
    assert.deepEqual(await storedFiles(cwd), []);
  } finally {
    await server.close();
  }
});

Deno.test("rejudge refuses a judge whose key goes to an ungranted host, before any call", async () => {
  const server = listener();
  try {
    const cwd = await workspace({
      "suite.toml": judgedSuite(server.url),
      "system.ts": smallSystem(),
    });
    const grant = `OPENAI_API_KEY=${hostOf(server.url)}`;
    const run = await cli(["run", "suite.toml"], {
      cwd,
      env: { OPENAI_API_KEY: KEY, DIGLINE_KEY_HOSTS: grant },
    });
    assert.equal(run.code, 0, run.stderr);
    const asked = server.requests.length;
    const before = await storedFiles(cwd);
    const rejudge = await cli(["rejudge", "latest"], {
      cwd,
      env: { OPENAI_API_KEY: KEY, DIGLINE_KEY_HOSTS: "" },
    });
    assert.equal(rejudge.code, 64, rejudge.stderr);
    assert.ok(rejudge.stderr.includes(`DIGLINE_KEY_HOSTS="${grant}"`), rejudge.stderr);
    assert.equal(server.requests.length, asked);
    assert.deepEqual(await storedFiles(cwd), before);
  } finally {
    await server.close();
  }
});

Deno.test("compare --confirm refuses a suite whose key goes to an ungranted host, before it draws again", async () => {
  const state = { answer: "a1" };
  const server = startMockServer(() => openaiCompletion(state.answer));
  try {
    const cwd = await workspace({ "suite.toml": providerSuite(server.url) });
    const granted = {
      OPENAI_API_KEY: KEY,
      DIGLINE_KEY_HOSTS: `OPENAI_API_KEY=${hostOf(server.url)}`,
    };
    assert.equal((await cli(["run", "suite.toml"], { cwd, env: granted })).code, 0);
    const promote = await cli(["promote", "latest", "--repeats", "5", "--because", "first"], {
      cwd,
      env: granted,
    });
    assert.equal(promote.code, 0, promote.stderr);
    state.answer = "zz";
    assert.equal((await cli(["run", "suite.toml"], { cwd, env: granted })).code, 0);
    const asked = server.requests.length;
    const before = await storedFiles(cwd);
    const confirm = await cli(["compare", "--confirm"], {
      cwd,
      env: { OPENAI_API_KEY: KEY, DIGLINE_KEY_HOSTS: "" },
    });
    assert.equal(confirm.code, 64, confirm.stdout + confirm.stderr);
    assert.match(
      confirm.stderr,
      /^digline: suite\.toml:6:1: .*DIGLINE_KEY_HOSTS="OPENAI_API_KEY=[^"]+"\n$/,
    );
    assert.equal(server.requests.length, asked);
    assert.deepEqual(await storedFiles(cwd), before);
    const drawn = await cli(["compare", "--confirm"], { cwd, env: granted });
    assert.ok(server.requests.length > asked, drawn.stdout + drawn.stderr);
  } finally {
    await server.close();
  }
});

Deno.test("a local server asked with no key needs no grant", async () => {
  const server = listener();
  try {
    const cwd = await workspace({
      "suite.toml": providerSuite(server.url).replace('api_key_env = "OPENAI_API_KEY"\n', ""),
    });
    const result = await cli(["run", "suite.toml"], { cwd, env: { DIGLINE_KEY_HOSTS: "" } });
    assert.equal(result.code, 0, result.stderr);
    assert.equal(server.requests.length, 1);
    assert.equal(server.requests[0].headers["authorization"], undefined);
  } finally {
    await server.close();
  }
});

Deno.test("a DIGLINE_KEY_HOSTS that does not parse is refused in one line naming the variable", async () => {
  const server = listener();
  try {
    const cwd = await workspace({ "suite.toml": providerSuite(server.url) });
    const result = await cli(["run", "suite.toml"], {
      cwd,
      env: { OPENAI_API_KEY: KEY, DIGLINE_KEY_HOSTS: "OPENAI_API_KEY=http://evil.example/" },
    });
    assert.equal(result.code, 64, result.stderr);
    assert.match(result.stderr, /DIGLINE_KEY_HOSTS/);
    assert.equal(result.stderr.trim().split("\n").length, 1);
    assert.equal(server.requests.length, 0);
  } finally {
    await server.close();
  }
});
