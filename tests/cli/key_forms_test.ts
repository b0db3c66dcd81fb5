import { deepStrictEqual as assertEquals, ok } from "node:assert/strict";
import { join, relative } from "node:path";
import { taskFlags } from "../../tools/task_flags.ts";
import { apiError, openaiCompletion, startMockServer } from "../fixtures/models/mock_server.ts";
import { call, connect } from "../mcp/_mcp.ts";
import { cli, ROOT, spawnCli, workspace } from "./_cli.ts";
import { questionSuite } from "../support/suite_toml.ts";
import { grantKeyHost } from "../support/key_hosts.ts";
import { builtOnceWith } from "../support/built_once_workspace.ts";

// A provider (a loopback mock, as the provider tests use) that quotes the key back in each
// encoding a gateway, a proxy or a model has been seen to use; every exit is searched for each.
// On the scrub before these forms, ten of the twelve encodings reached the stored run, stdout,
// compare, the report, MCP results and the operator's alert and journal; the fourteenth and
// fifteenth (the key reversed, and its \u escapes in a JSON string inside JSON) reached them
// until ADR 0115. tests/cli/key_forms_module_test.ts answers every form from a system under test,
// a case each, so the reasons and reports that cut an answer short are searched too.
const KEY = "sk-proj/Zx9+Q7mN4pLw2Rt8Vb6Yc1Hd";
const VARIABLE = "OPENAI_API_KEY";
const ENV = { [VARIABLE]: KEY };

const bytes = new TextEncoder().encode(KEY);
const b64 = (data: Uint8Array) => btoa(String.fromCharCode(...data));
const hex = [...bytes].map((b) => b.toString(16).padStart(2, "0")).join("");
const basic = b64(new TextEncoder().encode(`user:${KEY}`));

/** Each encoding as the provider writes it, and a part of it that only the key could make. */
const FORMS: Record<string, { written: string; tell: string }> = {
  "base64url": (() => {
    const written = b64(bytes).replaceAll("+", "-").replaceAll("/", "_").replace(/=+$/, "");
    return { written, tell: written.slice(0, -2) };
  })(),
  "basic-auth base64, the key at an offset": { written: basic, tell: basic.slice(8, 40) },
  "lower-case percent escapes": {
    written: encodeURIComponent(KEY).toLowerCase(),
    tell: encodeURIComponent(KEY).toLowerCase(),
  },
  "hex": { written: hex, tell: hex },
  "upper-case hex": { written: hex.toUpperCase(), tell: hex.toUpperCase() },
  "full URL encoding": {
    written: [...bytes].map((b) => `%${b.toString(16).padStart(2, "0")}`).join(""),
    tell: [...bytes].map((b) => `%${b.toString(16).padStart(2, "0")}`).join(""),
  },
  "HTML numeric entities": {
    written: [...KEY].map((c) => `&#${c.charCodeAt(0)};`).join(""),
    tell: [...KEY].map((c) => `&#${c.charCodeAt(0)};`).join("").slice(0, 60),
  },
  "HTML hex entities": {
    written: [...KEY].map((c) => `&#x${c.charCodeAt(0).toString(16)};`).join(""),
    tell: [...KEY].map((c) => `&#x${c.charCodeAt(0).toString(16)};`).join("").slice(0, 60),
  },
  "double-encoded JSON": {
    written: JSON.stringify(JSON.stringify({ error: { message: `bad key ${KEY}` } })),
    tell: KEY.slice(0, 12),
  },
  "\\u escapes": {
    written: [...KEY].map((c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`).join(""),
    tell: [...KEY].map((c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`).join("")
      .slice(0, 60),
  },
  "split over lines": {
    written: KEY.match(/.{1,5}/g)!.join("\n"),
    tell: KEY.match(/.{1,5}/g)!.join("\n"),
  },
  "spaced": { written: [...KEY].join(" "), tell: [...KEY].join(" ").slice(0, 30) },
  "a 16-character prefix": { written: KEY.slice(0, 16), tell: KEY.slice(0, 12) },
  "the key reversed": {
    written: [...KEY].reverse().join(""),
    tell: [...KEY].reverse().join("").slice(0, 12),
  },
  "\\u escapes in a JSON string inside JSON": {
    written: JSON.stringify({
      k: [...KEY].map((c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`).join(""),
    }),
    tell: [...KEY].map((c) => `\\\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`).join("")
      .slice(0, 70),
  },
};
const QUOTED = Object.entries(FORMS).map(([name, f]) => `${name}: ${f.written}`).join(" | ");

/** Every form found in `text`, and any 12 characters of the key in a row, named by `where`. */
function leaksIn(text: string, where: string): string[] {
  const found = Object.entries(FORMS).filter(([, f]) => text.includes(f.tell)).map(([name]) =>
    `${where}: ${name}`
  );
  for (let at = 0; at + 12 <= KEY.length; at++) {
    if (text.includes(KEY.slice(at, at + 12))) found.push(`${where}: key[${at}..${at + 12}]`);
  }
  return [...new Set(found)];
}

async function leaks(dir: string): Promise<string[]> {
  const found: string[] = [];
  async function walk(path: string): Promise<void> {
    for await (const entry of Deno.readDir(path)) {
      const child = join(path, entry.name);
      if (entry.isDirectory) await walk(child);
      else found.push(...leaksIn(await Deno.readTextFile(child), relative(dir, child)));
    }
  }
  await walk(dir);
  return found;
}

/** "quote" answers every form; "error" is a 400 quoting them; "hang" never answers; "good" is fine. */
function quotingProvider(options: { quoting: boolean }) {
  return startMockServer((request) => {
    const question = JSON.stringify(request.body);
    if (question.includes("hang")) return "hang";
    if (!options.quoting || question.includes("good")) return openaiCompletion("fine");
    if (question.includes("error")) {
      return apiError("openai", { status: 400, message: `bad request: ${QUOTED}` });
    }
    return openaiCompletion(`here it is: ${QUOTED}`);
  });
}

function suite(url: string, cases: string[]): string {
  return questionSuite("forms", {
    url,
    keyVariable: VARIABLE,
    check: { name: "fine", value: "fine" },
    cases,
  });
}

/**
 * A run approved while the provider quoted nothing back, so the baseline holds no form of the
 * key; built once, each test gets a copy and points the suite at a provider that quotes.
 */
const approvedClean = builtOnceWith(async (): Promise<{ cwd: string; firstId: string }> => {
  const clean = quotingProvider({ quoting: false });
  grantKeyHost(clean.url, VARIABLE);
  try {
    const cwd = await workspace({ "suite.toml": suite(clean.url, ["quote", "error", "good"]) });
    const first = await cli(["run", "suite.toml", "--json"], { cwd, env: ENV });
    assertEquals(first.code, 0, first.stderr);
    assertEquals(
      (await cli(["promote", "latest", "--because", "first"], { cwd, env: ENV })).code,
      0,
    );
    return { cwd, firstId: JSON.parse(first.stdout).run_id };
  } finally {
    await clean.close();
  }
});

Deno.test("a key quoted back in every listed form reaches no stored document, journal, stdout, stderr or report", async () => {
  const server = quotingProvider({ quoting: true });
  grantKeyHost(server.url, VARIABLE);
  try {
    const { cwd } = await approvedClean();
    await Deno.writeTextFile(
      join(cwd, "suite.toml"),
      suite(server.url, ["quote", "error", "good", "hang"]),
    );
    // Killed on the hanging case: the journal of the answered cases is left behind.
    const child = spawnCli(["run", "suite.toml"], { cwd, stderr: "piped", env: ENV });
    for (let i = 0; i < 600 && server.requests.length < 4; i++) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    child.kill("SIGKILL");
    const killed = await child.output();
    assertEquals(leaksIn(new TextDecoder().decode(killed.stderr), "killed run's stderr"), []);
    assertEquals(await leaks(join(cwd, ".digline")), [], "the journal of the killed run");

    await Deno.writeTextFile(
      join(cwd, "suite.toml"),
      suite(server.url, ["quote", "error", "good"]),
    );
    const run = await cli(["run", "suite.toml", "--restart", "--json"], { cwd, env: ENV });
    // The "error" case's check errored: the run is stored and exits 2.
    assertEquals(run.code, 2, run.stderr);
    const stored = await Deno.readTextFile(join(cwd, JSON.parse(run.stdout).path));
    ok(stored.includes("[the key]"), "the provider's quotes were stored, scrubbed");
    const printed = {
      "run --json": run,
      "run": await cli(["run", "suite.toml"], { cwd, env: ENV }),
      "view": await cli(["view", "latest"], { cwd, env: ENV }),
      "compare --json": await cli(["compare", "--json"], { cwd, env: ENV }),
      "explain": await cli(["explain"], { cwd, env: ENV }),
      "diff": await cli(["diff", "latest", "latest"], { cwd, env: ENV }),
      "report html": await cli(["report", "--format", "html"], { cwd, env: ENV }),
      "report md": await cli(["report", "--format", "md"], { cwd, env: ENV }),
    };
    for (const [name, result] of Object.entries(printed)) {
      assertEquals(leaksIn(result.stdout + result.stderr, name), []);
    }
    ok(printed["report html"].stdout.includes("<html"), printed["report html"].stderr);
    assertEquals(await leaks(join(cwd, ".digline")), []);
  } finally {
    await server.close();
  }
});

Deno.test("a key quoted back in every listed form reaches no MCP result", async () => {
  const server = quotingProvider({ quoting: true });
  grantKeyHost(server.url, VARIABLE);
  const before = Deno.env.get(VARIABLE);
  Deno.env.set(VARIABLE, KEY);
  try {
    const { cwd, firstId } = await approvedClean();
    await Deno.writeTextFile(
      join(cwd, "suite.toml"),
      suite(server.url, ["quote", "error", "good"]),
    );
    const session = await connect(cwd);
    try {
      const run = await call(session, "run", { suite_file: "suite.toml" });
      assertEquals(run.envelope.exit_code, 2, JSON.stringify(run.envelope));
      const runId = (run.envelope.document as { run_id: string }).run_id;
      const answers = {
        run,
        view: await call(session, "view", { run: runId }),
        diff: await call(session, "diff", { a: firstId, b: runId }),
        compare: await call(session, "compare", { run: runId }),
        explain: await call(session, "explain", { run: runId }),
      };
      ok(JSON.stringify(answers.diff.result).includes("[the key]"), "the diff shows the output");
      for (const [name, answer] of Object.entries(answers)) {
        assertEquals(leaksIn(JSON.stringify(answer.result), name), []);
      }
      assertEquals(leaksIn(session.stderr(), "server stderr"), []);
    } finally {
      await session.close();
    }
  } finally {
    if (before === undefined) Deno.env.delete(VARIABLE);
    else Deno.env.set(VARIABLE, before);
    await server.close();
  }
});

Deno.test("a key quoted back in every listed form reaches no operator alert, journal or output", async () => {
  const server = quotingProvider({ quoting: true });
  grantKeyHost(server.url, VARIABLE);
  try {
    const { cwd } = await approvedClean();
    await Deno.writeTextFile(
      join(cwd, "operator.toml"),
      `suite = "suite.toml"\ncadence = "0 3 * * *"\nmax_reruns = 1\nstructural_flip_cases = 8\nbudget = 20\n`,
    );
    await Deno.writeTextFile(
      join(cwd, "suite.toml"),
      suite(server.url, ["quote", "error", "good"]),
    );
    const flags = [
      ...taskFlags("operator", "operator/main.ts"),
      "--allow-net=127.0.0.1",
      `--allow-env=${VARIABLE},DIGLINE_KEY_HOSTS`,
    ];
    const out = await new Deno.Command(Deno.execPath(), {
      args: [
        "run",
        "--config",
        join(ROOT, "deno.json"),
        ...flags,
        join(ROOT, "operator", "main.ts"),
        "cycle",
      ],
      cwd,
      env: ENV,
      stdout: "piped",
      stderr: "piped",
    }).output();
    const decoder = new TextDecoder();
    const printed = decoder.decode(out.stdout) + decoder.decode(out.stderr);
    ok(out.code === 0 || out.code === 1, printed);
    assertEquals(leaksIn(printed, "operator output"), []);
    const operator = join(cwd, ".digline", "default", "operator");
    ok([...Deno.readDirSync(operator)].length > 0, "the cycle wrote its files");
    assertEquals(await leaks(join(cwd, ".digline")), []);
  } finally {
    await server.close();
  }
});
