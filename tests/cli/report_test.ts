import { deepStrictEqual as assertEquals, match, ok } from "node:assert/strict";
import { join } from "node:path";
import { commentSize, GITHUB_COMMENT_LIMIT } from "../../core/report/mod.ts";
import { parseJunit } from "../core/report/_junit_xml.ts";
import { cli, SMALL_SUITE, smallSystem, workspace } from "./_cli.ts";
import { builtOnceWith } from "../support/built_once_workspace.ts";

async function runWorkspace(files: Record<string, string> = {}): Promise<string> {
  const cwd = await workspace({ "suite.toml": SMALL_SUITE, "system.ts": smallSystem(), ...files });
  assertEquals((await cli(["run", "suite.toml"], { cwd })).code, 0);
  return cwd;
}

async function approve(cwd: string): Promise<string> {
  const promoted = await cli(["promote", "latest", "--by", "tester", "--because", "first"], {
    cwd,
  });
  assertEquals(promoted.code, 0, promoted.stderr);
  return cwd;
}

async function approvedWorkspace(files: Record<string, string>): Promise<string> {
  return await approve(await runWorkspace(files));
}

/** A copy of a store of the small suite, run once and not approved. */
const unapproved = builtOnceWith(async () => ({ cwd: await runWorkspace() }));
/** A copy of a store of the small suite, run once and approved. */
const approved = builtOnceWith(async () => ({ cwd: await approve((await unapproved()).cwd) }));

/** A suite of `n` cases from a JSONL file, every one answered by the small system. */
function bigSuite(n: number): Record<string, string> {
  const lines = Array.from({ length: n }, (_, i) =>
    JSON.stringify({
      id: `case-${String(i + 1).padStart(5, "0")}`,
      vars: { n: i + 1 },
      expected: `a${i + 1}`,
      group: i % 2 === 0 ? "even" : "odd",
    }));
  const head = SMALL_SUITE.slice(0, SMALL_SUITE.indexOf("[[cases]]"));
  return {
    "suite.toml": `${head.replace('name = "small"', 'name = "big"\ncases_file = "cases.jsonl"')}`,
    "cases.jsonl": lines.join("\n") + "\n",
  };
}

for (
  const [what, system, expected] of [
    ["nothing got worse", smallSystem(), 0],
    ["a check regressed", smallSystem({ wrong: [2] }), 1],
    ["the target failed for a case", smallSystem({ throwOn: [3] }), 2],
  ] as const
) {
  Deno.test(`report exits as compare does in every format when ${what} (exit ${expected})`, async () => {
    const { cwd } = await approved();
    await Deno.writeTextFile(join(cwd, "system.ts"), system);
    await cli(["run", "suite.toml"], { cwd });
    const compare = await cli(["compare"], { cwd });
    assertEquals(compare.code, expected, compare.stderr);
    for (const format of ["md", "junit", "html"]) {
      const report = await cli(["report", "--format", format], { cwd });
      assertEquals(report.code, compare.code, `${format}: ${report.stderr}`);
      assertEquals(report.stderr, "");
      ok(report.stdout.length > 0);
    }
  });
}

Deno.test("report --format md is a comment body that names the regression and no output", async () => {
  const { cwd } = await approved();
  // A wrong answer no run id or timestamp could contain by chance.
  await Deno.writeTextFile(
    join(cwd, "system.ts"),
    `export function answer(vars) { return vars.n === 2 ? "payload-that-stays-home" : "a" + vars.n; }\n`,
  );
  await cli(["run", "suite.toml"], { cwd });
  const result = await cli(["report", "--format", "md"], { cwd });
  assertEquals(result.code, 1);
  match(result.stdout, /^### ❌ digline · suite `small`\n\n> WORSE \(exit 1\): 1 regression/);
  ok(result.stdout.includes("- `two` · `correct`"));
  ok(
    !result.stdout.includes("payload-that-stays-home"),
    "the wrong answer is payload and stays out",
  );
});

Deno.test("report --format md stays within GitHub's comment limit for 3,000 regressions", async () => {
  const cwd = await approvedWorkspace(bigSuite(3_000));
  const everything = Array.from({ length: 3_000 }, (_, i) => i + 1);
  await Deno.writeTextFile(join(cwd, "system.ts"), smallSystem({ wrong: everything }));
  await cli(["run", "suite.toml"], { cwd });
  const result = await cli(["report"], { cwd });
  assertEquals(result.code, 1, result.stderr);
  ok(commentSize(result.stdout) <= GITHUB_COMMENT_LIMIT, `${commentSize(result.stdout)}`);
  match(result.stdout, /#### Regressions, pass → fail \(3,000\)/);
  match(result.stdout, /^- and [\d,]+ more$/m);
});

Deno.test("report --format junit has a testcase per case · check and counts that match", async () => {
  const { cwd } = await approved();
  await Deno.writeTextFile(join(cwd, "system.ts"), smallSystem({ wrong: [1], throwOn: [3] }));
  await cli(["run", "suite.toml"], { cwd });
  const result = await cli(["report", "--format", "junit"], { cwd });
  assertEquals(result.code, 2);
  const { totals, suites, testcases } = parseJunit(result.stdout);
  const checks = testcases.filter((t) => t.suite === "small");
  assertEquals(checks.map((t) => `${t.name}: ${t.outcome}`), [
    "one · correct: failure",
    "one · says-something: passed",
    "two · correct: passed",
    "two · says-something: passed",
    "three · correct: error",
    "three · says-something: error",
  ]);
  assertEquals(totals.tests, testcases.length);
  for (const suite of suites) {
    const own = testcases.filter((t) => t.suite === suite.name);
    assertEquals(suite.tests, own.length);
    assertEquals(suite.failures, own.filter((t) => t.outcome === "failure").length);
    assertEquals(suite.errors, own.filter((t) => t.outcome === "error").length);
  }
});

Deno.test("report --out under .digline writes the file and prints the headline", async () => {
  const { cwd } = await approved();
  await cli(["run", "suite.toml"], { cwd });
  const result = await cli(["report", "--out", ".digline/reports/report.html"], { cwd });
  assertEquals(result.code, 0, result.stderr);
  assertEquals(
    result.stdout.split("\n")[1],
    "report (html) written to .digline/reports/report.html",
  );
  const html = await Deno.readTextFile(join(cwd, ".digline/reports/report.html"));
  match(html, /^<!doctype html>/);
});

Deno.test("report --out outside what the flags allow is refused, saying what works for the installed command", async () => {
  const { cwd } = await approved();
  const refused = await cli(["report", "--out", "report.html"], { cwd });
  assertEquals(refused.code, 64);
  // The installed command takes no deno flags: the advice is a path it may write, or the shell.
  assertEquals(
    refused.stderr,
    'digline: Permission refused: digline may not write to "report.html" (--out); the command ' +
      "writes only under .digline/: name a file there (--out .digline/reports/report.html) or " +
      "redirect standard output (> report.html); under deno run, --allow-write=report.html " +
      "allows it\n",
  );
  const allowed = await cli(["report", "--out", "report.html"], {
    cwd,
    extraFlags: ["--allow-write=report.html"],
  });
  assertEquals(allowed.code, 0, allowed.stderr);
  match(await Deno.readTextFile(join(cwd, "report.html")), /<title>digline · small · NOT WORSE/);
});

Deno.test("report --json goes with --out and prints compare's document", async () => {
  const { cwd } = await approved();
  const alone = await cli(["report", "--json"], { cwd });
  assertEquals(alone.code, 64);
  match(alone.stderr, /--json .* needs --out FILE/);
  const withOut = await cli(["report", "--json", "--out", ".digline/r.xml"], { cwd });
  const compare = await cli(["compare", "--json"], { cwd });
  assertEquals(withOut.code, 0, withOut.stderr);
  assertEquals(withOut.stdout, compare.stdout);
  match(await Deno.readTextFile(join(cwd, ".digline/r.xml")), /<testsuites /);
});

Deno.test("report refuses an unknown format and an --out whose format it can not tell", async () => {
  const { cwd } = await approved();
  const pdf = await cli(["report", "--format", "pdf"], { cwd });
  assertEquals(pdf.code, 64);
  assertEquals(pdf.stderr, 'digline: report: --format "pdf": expected md, junit, html\n');
  const txt = await cli(["report", "--out", ".digline/r.txt"], { cwd });
  assertEquals(txt.code, 64);
  match(txt.stderr, /add --format md, junit or html/);
});

Deno.test("report without an approved baseline is refused as compare is", async () => {
  const { cwd } = await unapproved();
  const report = await cli(["report"], { cwd });
  const compare = await cli(["compare"], { cwd });
  assertEquals(report.code, 64);
  assertEquals(report.stderr, compare.stderr);
});
