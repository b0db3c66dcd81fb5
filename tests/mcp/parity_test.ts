import { deepStrictEqual as assertEquals } from "node:assert/strict";
import { cli, SMALL_SUITE, smallSystem, workspace } from "../cli/_cli.ts";
import { builtOnceWith } from "../support/built_once_workspace.ts";
import { call, connect, firstText, type Session } from "./_mcp.ts";

/** One request, said to each front end. */
interface Request {
  cli: string[];
  tool: string;
  args?: Record<string, unknown>;
}

/** A store with an approved run and a later, worse one; built once, each test gets a copy. */
const storeWithHistory = builtOnceWith(async (): Promise<{ cwd: string; first: string }> => {
  const cwd = await workspace({ "suite.toml": SMALL_SUITE, "system.ts": smallSystem() });
  const run = await cli(["run", "suite.toml", "--json"], { cwd });
  const first = JSON.parse(run.stdout).run_id;
  await cli(["promote", first, "--because", "reviewed"], { cwd });
  await Deno.writeTextFile(`${cwd}/system.ts`, smallSystem({ wrong: [2], throwOn: [3] }));
  await cli(["run", "suite.toml"], { cwd });
  return { cwd, first };
});

/** Asks both front ends; the document and the exit code must be the same, or the refusal. */
async function assertSameAnswer(session: Session, cwd: string, request: Request): Promise<void> {
  const label = request.cli.join(" ");
  const viaCli = await cli(request.cli, { cwd });
  const { result, envelope } = await call(session, request.tool, request.args ?? {});
  assertEquals(envelope.exit_code, viaCli.code, `${label}: exit code`);
  if (viaCli.code === 64) {
    assertEquals(result.isError, true, label);
    assertEquals(`digline: ${firstText(result)}\n`, viaCli.stderr, `${label}: the sentence`);
    return;
  }
  assertEquals(result.isError, undefined, `${label}: ${viaCli.stderr}`);
  assertEquals(envelope.document, JSON.parse(viaCli.stdout), `${label}: the document`);
}

Deno.test("every reading tool returns the CLI's --json document and exit code", async () => {
  const { cwd, first } = await storeWithHistory();
  const session = await connect(cwd);
  try {
    const requests: Request[] = [
      { cli: ["list", "--json"], tool: "list" },
      { cli: ["list", "--suite", "small", "--json"], tool: "list", args: { suite: "small" } },
      { cli: ["view", "--json"], tool: "view" },
      { cli: ["view", "--limit", "1", "--json"], tool: "view", args: { limit: 1 } },
      { cli: ["view", "latest", "--all"], tool: "view", args: { run: "latest", all: true } },
      { cli: ["view", first, "--json"], tool: "view", args: { run: first } },
      { cli: ["view", "latest", "--json"], tool: "view", args: { run: "latest" } },
      { cli: ["list", "--limit", "1", "--json"], tool: "list", args: { limit: 1 } },
      { cli: ["list", "--all", "--json"], tool: "list", args: { all: true } },
      { cli: ["log", "--json"], tool: "log" },
      { cli: ["log", "--limit", "2", "--json"], tool: "log", args: { limit: 2 } },
      { cli: ["log", "--limit", "2", "--all"], tool: "log", args: { limit: 2, all: true } },
      { cli: ["compare", "--json"], tool: "compare" },
      {
        cli: ["compare", first, "--baseline", "latest", "--json"],
        tool: "compare",
        args: { run: first, baseline: "latest" },
      },
      { cli: ["explain", "--json"], tool: "explain" },
      {
        cli: ["explain", "--baseline", "latest", "--json"],
        tool: "explain",
        args: { baseline: "latest" },
      },
      { cli: ["diff", first, "latest", "--json"], tool: "diff", args: { a: first, b: "latest" } },
    ];
    for (const request of requests) await assertSameAnswer(session, cwd, request);
  } finally {
    await session.close();
  }
});

Deno.test("report returns the CLI's report text, its document and its exit code", async () => {
  const { cwd } = await storeWithHistory();
  const session = await connect(cwd);
  try {
    for (const format of ["md", "junit", "html"]) {
      const viaCli = await cli(["report", "--format", format], { cwd });
      const { result, envelope } = await call(session, "report", { format });
      assertEquals(envelope.exit_code, viaCli.code, `${format}: exit code`);
      assertEquals(envelope.report, { format, text: viaCli.stdout }, `${format}: the text`);
      assertEquals(firstText(result), viaCli.stdout, `${format}: the first block`);
    }
    const out = ".digline/report.md";
    const withJson = await cli(["report", "--out", out, "--json"], { cwd });
    const { envelope } = await call(session, "report");
    assertEquals(envelope.document, JSON.parse(withJson.stdout));
    assertEquals(envelope.report?.text, await Deno.readTextFile(`${cwd}/${out}`));
  } finally {
    await session.close();
  }
});

Deno.test("a refused request gets the CLI's sentence and 64 from both front ends", async () => {
  const { cwd } = await storeWithHistory();
  const session = await connect(cwd);
  try {
    const requests: Request[] = [
      { cli: ["view", "nope", "--json"], tool: "view", args: { run: "nope" } },
      { cli: ["compare", "2026", "--json"], tool: "compare", args: { run: "2026" } },
      { cli: ["diff", "latest", "zzz", "--json"], tool: "diff", args: { a: "latest", b: "zzz" } },
      { cli: ["log", "--suite", "other", "--json"], tool: "log", args: { suite: "other" } },
      { cli: ["report", "nope"], tool: "report", args: { run: "nope" } },
      { cli: ["run", "missing.toml", "--json"], tool: "run", args: { suite_file: "missing.toml" } },
      {
        cli: ["run", "suite.toml", "--resume", "--restart", "--json"],
        tool: "run",
        args: { suite_file: "suite.toml", resume: true, restart: true },
      },
    ];
    for (const request of requests) await assertSameAnswer(session, cwd, request);
  } finally {
    await session.close();
  }
});

Deno.test("run returns the document the CLI's run --json prints, apart from the run's identity", async () => {
  const cwd = await workspace({ "suite.toml": SMALL_SUITE, "system.ts": smallSystem() });
  const session = await connect(cwd);
  try {
    const viaCli = JSON.parse((await cli(["run", "suite.toml", "--json"], { cwd })).stdout);
    const { envelope } = await call(session, "run", { suite_file: "suite.toml" });
    // What differs between two runs of the same suite: their identity, and what was measured.
    const identity = ["run_id", "started_at", "finished_at", "path"];
    const strip = (doc: Record<string, unknown>) =>
      JSON.parse(
        JSON.stringify(doc, (key, value) => (key === "latency_ms" ? "measured" : value)),
        (key, value) => (identity.includes(key) ? undefined : value),
      );
    assertEquals(strip(envelope.document ?? {}), strip(viaCli));
    assertEquals(String(envelope.document?.path).includes(String(envelope.document?.run_id)), true);
  } finally {
    await session.close();
  }
});
