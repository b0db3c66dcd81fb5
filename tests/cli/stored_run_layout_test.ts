import { deepStrictEqual as assertEquals, ok } from "node:assert/strict";
import { dirname, join } from "node:path";
import { cli, git, SMALL_SUITE, smallSystem, workspace } from "./_cli.ts";

// A stored run prints each case on one line (ADR 0072); documents written before that, every
// case pretty-printed, are the same JSON and must read the same in every command that reads one.

/** Every stored run document under a store, the runs folder's and the copies beside approvals. */
async function runDocuments(cwd: string): Promise<string[]> {
  const found: string[] = [];
  async function walk(dir: string) {
    for await (const entry of Deno.readDir(dir)) {
      const path = join(dir, entry.name);
      if (entry.isDirectory) await walk(path);
      else if (entry.name.endsWith(".json") && path.includes(`${join("", "runs", "")}`)) {
        found.push(path);
      }
    }
  }
  await walk(join(cwd, ".digline"));
  return found.sort();
}

/** Rewrites each stored run as digline printed it before: every level indented by one space. */
async function asOlderDigline(cwd: string): Promise<void> {
  for (const path of await runDocuments(cwd)) {
    const text = await Deno.readTextFile(path);
    await Deno.writeTextFile(path, JSON.stringify(JSON.parse(text), null, 1) + "\n");
    // Older digline's index lines record no size or digest: each such run is read whole.
    const index = join(dirname(path), ".index.jsonl");
    const lines = (await Deno.readTextFile(index).catch(() => "")).split("\n").filter(Boolean);
    if (lines.length === 0) continue;
    await Deno.writeTextFile(
      index,
      lines.map((line) => {
        const { bytes: _bytes, crc32: _crc32, ...synopsis } = JSON.parse(line);
        return JSON.stringify(synopsis) + "\n";
      }).join(""),
    );
  }
}

/** A store with an approved run and a worse one after it. */
async function approvedThenWorse(files: Record<string, string> = {}): Promise<string> {
  const cwd = await workspace({ "suite.toml": SMALL_SUITE, "system.ts": smallSystem(), ...files });
  assertEquals((await cli(["run", "suite.toml"], { cwd })).code, 0);
  const promoted = await cli(["promote", "latest", "--by", "ana", "--because", "first"], { cwd });
  assertEquals(promoted.code, 0, promoted.stderr);
  await Deno.writeTextFile(join(cwd, "system.ts"), smallSystem({ wrong: [2] }));
  assertEquals((await cli(["run", "suite.toml"], { cwd })).code, 0);
  return cwd;
}

Deno.test("a stored run holds each case on one line of its own, and nothing else on it", async () => {
  const cwd = await approvedThenWorse();
  const [path] = await runDocuments(cwd);
  const text = await Deno.readTextFile(path);
  const run = JSON.parse(text);
  ok(run.cases.length > 1);
  const lines = text.split("\n");
  const open = lines.indexOf(' "cases": [');
  const close = lines.indexOf(" ],", open);
  const caseLines = lines.slice(open + 1, close);
  assertEquals(caseLines.length, run.cases.length, "one line a case, between the brackets");
  assertEquals(caseLines.map((line) => JSON.parse(line.replace(/,$/, ""))), run.cases);
  ok(caseLines.every((line) => line.startsWith('  {"case_id":')), caseLines[0]);
});

Deno.test("runs printed by older digline, every case over many lines, read as they did", async () => {
  const cwd = await approvedThenWorse();
  const commands = [
    ["compare", "--json"],
    ["explain", "--json"],
    ["view", "latest", "--json"],
    ["list", "--json"],
    ["diff", "--json"],
  ];
  const before = [];
  for (const args of commands) before.push(await cli(args, { cwd }));
  const [path] = await runDocuments(cwd);
  const compact = (await Deno.readTextFile(path)).split("\n").length;
  const cases = JSON.parse(await Deno.readTextFile(path)).cases.length;
  await asOlderDigline(cwd);
  const older = (await Deno.readTextFile(path)).split("\n").length;
  ok(older > compact + cases * 10, `${older} lines pretty-printed against ${compact}`);
  for (const [i, args] of commands.entries()) {
    const after = await cli(args, { cwd });
    assertEquals(after.code, before[i].code, `${args.join(" ")}: ${after.stderr}`);
    assertEquals(after.stdout, before[i].stdout, args.join(" "));
  }
  assertEquals(before[0].code, 1, "the worse run gates as worse either way");
});

Deno.test("an approval committed by older digline gates through --baseline-ref as before", async () => {
  const cwd = await workspace({ "suite.toml": SMALL_SUITE, "system.ts": smallSystem() });
  await Deno.writeTextFile(join(cwd, ".gitignore"), ".digline/*/runs/\n");
  await git(cwd, "init", "-q", "-b", "main");
  assertEquals((await cli(["run", "suite.toml"], { cwd })).code, 0);
  assertEquals(
    (await cli(["promote", "latest", "--by", "ana", "--because", "first"], { cwd })).code,
    0,
  );
  await asOlderDigline(cwd);
  await git(cwd, "add", "-A");
  await git(cwd, "commit", "-q", "-m", "an approval as older digline wrote it");
  await Deno.writeTextFile(join(cwd, "system.ts"), smallSystem({ wrong: [2] }));
  assertEquals((await cli(["run", "suite.toml"], { cwd })).code, 0);
  const gated = await cli(["compare", "--baseline-ref", "main", "--json"], { cwd });
  assertEquals(gated.code, 1, gated.stderr);
  assertEquals(JSON.parse(gated.stdout).approval.promoted_by, "ana");
});
