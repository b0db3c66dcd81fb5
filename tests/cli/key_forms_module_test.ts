import { deepStrictEqual as assertEquals, ok } from "node:assert/strict";
import { join } from "node:path";
import { call, connect } from "../mcp/_mcp.ts";
import { cli, spawnCli, workspace } from "./_cli.ts";
import { builtOnceWith } from "../support/built_once_workspace.ts";
import { runOperator } from "../support/operator_process.ts";
import {
  caseId,
  FORMS,
  formsSuite,
  KEY,
  leaksIn,
  leaksUnder,
  systemSource,
} from "../support/key_leaks.ts";
import { startServe } from "./_serve.ts";

// A system under test that read the key (the CLI's --allow-env grants OPENAI_API_KEY to a module
// target) answers it in every form, one case per form, each failing its check: so each form is
// quoted, and cut short, by the check's reason, the reports and the viewer. Before the scrub
// searched for runs of the key in decoded text and for the key reversed, the reversed key reached
// every artefact, and prefixes of the escaped forms the reasons and reports.
const VARIABLE = "OPENAI_API_KEY";
const ENV = { [VARIABLE]: KEY };

/** A store whose approved run answered "clean" to every case; each test copies it. */
const approvedClean = builtOnceWith(async (): Promise<{ cwd: string; firstId: string }> => {
  const cwd = await workspace({ "suite.toml": formsSuite(), "system.ts": systemSource("clean") });
  const first = await cli(["run", "suite.toml", "--json"], { cwd, env: ENV });
  assertEquals(first.code, 0, first.stderr);
  const promoted = await cli(["promote", "latest", "--because", "first"], { cwd, env: ENV });
  assertEquals(promoted.code, 0, promoted.stderr);
  return { cwd, firstId: JSON.parse(first.stdout).run_id };
});

Deno.test("a system that answers the key in every form leaves it in no run, journal, report, page or printed line", async () => {
  const { cwd, firstId } = await approvedClean();
  // Killed on the case that hangs: the journal of the answered cases is left behind.
  await Deno.writeTextFile(join(cwd, "system.ts"), systemSource("hang"));
  const child = spawnCli(["run", "suite.toml"], { cwd, stderr: "piped", env: ENV });
  const work = join(cwd, ".digline", "default", "work");
  const answered = async () => {
    let text = "";
    try {
      for await (const entry of Deno.readDir(work)) {
        if (entry.isFile) text += await Deno.readTextFile(join(work, entry.name));
      }
    } catch { /* not written yet */ }
    return Object.keys(FORMS).every((form) => text.includes(`"${caseId(form)}"`));
  };
  for (let i = 0; i < 600 && !(await answered()); i++) {
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  ok(await answered(), "the run never answered every form");
  child.kill("SIGKILL");
  const killed = await child.output();
  assertEquals(leaksIn(new TextDecoder().decode(killed.stderr), "killed run's stderr"), []);
  assertEquals(await leaksUnder(join(cwd, ".digline")), [], "the journal of the killed run");

  await Deno.writeTextFile(join(cwd, "system.ts"), systemSource("leak"));
  const run = await cli(["run", "suite.toml", "--restart", "--json"], { cwd, env: ENV });
  assertEquals(run.code, 0, run.stderr);
  const stored = await Deno.readTextFile(join(cwd, JSON.parse(run.stdout).path));
  ok(stored.includes("[the key]"), "the system's answers were stored, scrubbed");
  const site = await cli(["site", "--out", ".digline/site", "--json"], { cwd, env: ENV });
  assertEquals(site.code, 0, site.stderr);
  const printed = {
    "run --json": run,
    "run": await cli(["run", "suite.toml"], { cwd, env: ENV }),
    "view": await cli(["view", "latest"], { cwd, env: ENV }),
    "view --json": await cli(["view", "latest", "--json"], { cwd, env: ENV }),
    "compare": await cli(["compare"], { cwd, env: ENV }),
    "compare --json": await cli(["compare", "--json"], { cwd, env: ENV }),
    "explain": await cli(["explain"], { cwd, env: ENV }),
    "diff": await cli(["diff", firstId, "latest"], { cwd, env: ENV }),
    "report md": await cli(["report", "--format", "md"], { cwd, env: ENV }),
    "report junit": await cli(["report", "--format", "junit"], { cwd, env: ENV }),
    "report html": await cli(["report", "--format", "html"], { cwd, env: ENV }),
    "report --out": await cli(
      ["report", "--format", "html", "--out", ".digline/report.html"],
      { cwd, env: ENV },
    ),
    "site --json": site,
  };
  assertEquals(printed.compare.code, 1, printed.compare.stderr);
  ok(printed["report html"].stdout.includes("[the key]"), "the HTML report shows the outputs");
  for (const [name, result] of Object.entries(printed)) {
    assertEquals(leaksIn(result.stdout + result.stderr, name), []);
  }
  // What `serve` answers for every page the exported site holds.
  const server = await startServe(cwd, { env: ENV });
  try {
    const pages = JSON.parse(site.stdout).pages as string[];
    ok(pages.some((page) => page.startsWith("run/")), pages.join(", "));
    for (const page of pages) {
      const answer = await fetch(new URL(page, server.url));
      assertEquals(answer.status, 200, page);
      assertEquals(leaksIn(await answer.text(), `serve ${page}`), []);
    }
    // A refusal that quotes what was asked for.
    const missing = await fetch(new URL(`missing/${encodeURIComponent(KEY)}`, server.url));
    assertEquals(missing.status, 404);
    assertEquals(leaksIn(await missing.text(), "serve's 404"), []);
  } finally {
    await server.stop();
  }
  assertEquals(await leaksUnder(join(cwd, ".digline")), []);
});

Deno.test("a system that answers the key in every form leaves it in no MCP result", async () => {
  const { cwd, firstId } = await approvedClean();
  // Under `digline mcp` the system reads only what its suite declares: it reads the key from a
  // file, as a system that holds one would; the server knows the key from its own launch.
  await Deno.writeTextFile(join(cwd, "key.txt"), KEY);
  await Deno.writeTextFile(join(cwd, "system.ts"), systemSource("leak"));
  const before = Deno.env.get(VARIABLE);
  Deno.env.set(VARIABLE, KEY);
  try {
    const session = await connect(cwd);
    try {
      const run = await call(session, "run", { suite_file: "suite.toml" });
      assertEquals(run.envelope.exit_code, 0, JSON.stringify(run.envelope));
      const runId = (run.envelope.document as { run_id: string }).run_id;
      const answers = {
        run,
        view: await call(session, "view", { run: runId }),
        diff: await call(session, "diff", { a: firstId, b: runId }),
        compare: await call(session, "compare", { run: runId }),
        explain: await call(session, "explain", { run: runId }),
        "report md": await call(session, "report", { run: runId }),
        "report html": await call(session, "report", { run: runId, format: "html" }),
      };
      assertEquals(answers.compare.envelope.exit_code, 1);
      ok(JSON.stringify(answers.diff.result).includes("[the key]"), "the diff shows the outputs");
      for (const [name, answer] of Object.entries(answers)) {
        assertEquals(leaksIn(JSON.stringify(answer.result), name), []);
      }
      assertEquals(leaksIn(session.stderr(), "server stderr"), []);
    } finally {
      await session.close();
    }
    assertEquals(await leaksUnder(join(cwd, ".digline")), []);
  } finally {
    if (before === undefined) Deno.env.delete(VARIABLE);
    else Deno.env.set(VARIABLE, before);
  }
});

Deno.test("a system that answers the key in every form leaves it in no operator alert, cycle, journal or output", async () => {
  const { cwd } = await approvedClean();
  await Deno.writeTextFile(
    join(cwd, "operator.toml"),
    `suite = "suite.toml"\ncadence = "0 3 * * *"\nmax_reruns = 0\nstructural_flip_cases = 8\nbudget = 200\n`,
  );
  // The operator's system reads only what its suite declares: it reads the key from a file.
  await Deno.writeTextFile(join(cwd, "key.txt"), KEY);
  // Every case fails with an error quoting every form: the alert quotes the cause.
  await Deno.writeTextFile(join(cwd, "system.ts"), systemSource("throw"));
  const operator = (args: string[]) =>
    runOperator(args, { cwd, extraFlags: [`--allow-env=${VARIABLE}`], env: ENV });
  const out = await operator(["cycle", "--json"]);
  const printed = out.stdout + out.stderr;
  ok(out.code === 0 || out.code === 1, printed);
  assertEquals(leaksIn(printed, "operator output"), []);
  const { paths } = JSON.parse(out.stdout);
  const alert = await Deno.readTextFile(paths.alert);
  ok(alert.includes("[the key]"), alert);
  const dossier = await operator(["dossier", "--cycle", paths.cycle, "--decision", paths.decision]);
  assertEquals(dossier.code, 0, dossier.stderr);
  assertEquals(leaksIn(dossier.stdout, "operator dossier"), []);
  assertEquals(await leaksUnder(join(cwd, ".digline")), []);
});

Deno.test("the draws compare --confirm journals hold no form of the key", async () => {
  // A system approved over four runs that then answers one case with the key (as it is and
  // reversed), slowly: compare --confirm draws that case again, and is killed mid-way.
  const system = (broken: boolean) =>
    `export async function answer(vars) {
  await new Promise((resolve) => setTimeout(resolve, ${broken ? 400 : 0}));
  const key = Deno.env.get("OPENAI_API_KEY");
  if (${broken} && vars.n === 0) return key + " " + [...key].reverse().join("");
  return String(vars.n);
}
`;
  const suite = `name = "confirmed"

[target]
module = "system.ts"
export = "answer"
retries = 0

[[assertions]]
name = "echoes"
kind = "equals"

${
    Array.from({ length: 4 }, (_, i) =>
      `[[cases]]\nid = "c${i}"\nvars = { n = ${i} }\nexpected = "${i}"\n`)
      .join("\n")
  }`;
  const cwd = await workspace({ "suite.toml": suite, "system.ts": system(false) });
  assertEquals((await cli(["run", "suite.toml"], { cwd, env: ENV })).code, 0);
  const promoted = await cli(["promote", "latest", "--repeats", "4", "--because", "four"], {
    cwd,
    env: ENV,
  });
  assertEquals(promoted.code, 0, promoted.stderr);
  await Deno.writeTextFile(join(cwd, "system.ts"), system(true));
  const broken = await cli(["run", "suite.toml"], { cwd, env: ENV });
  assertEquals(broken.code, 0, broken.stderr);
  const child = spawnCli(["compare", "--confirm"], { cwd, env: ENV });
  const work = join(cwd, ".digline", "default", "work");
  const draws = async () => {
    let lines = 0;
    try {
      for await (const entry of Deno.readDir(work)) {
        if (entry.name.includes(".confirm-")) {
          const text = await Deno.readTextFile(join(work, entry.name));
          lines += text.split("\n").filter((line) => line.includes('"round"')).length;
        }
      }
    } catch { /* not written yet */ }
    return lines;
  };
  for (let i = 0; i < 600 && (await draws()) < 2; i++) {
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  child.kill("SIGKILL");
  await child.status;
  ok((await draws()) >= 2, "compare --confirm journaled no draw");
  assertEquals(await leaksUnder(join(cwd, ".digline")), []);
});
