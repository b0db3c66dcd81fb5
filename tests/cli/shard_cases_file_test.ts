import { deepStrictEqual as assertEquals, match } from "node:assert/strict";
import { RunSummarySchema } from "../../core/documents/mod.ts";
import { shardOf } from "../../core/run/shard_spec.ts";
import { cli, workspace } from "./_cli.ts";
import { storedRun } from "../support/stored_run.ts";
import { accuracySuite } from "../support/suite_toml.ts";

/**
 * A shard loads only its own cases from a cases file (ADR 0076), and is still a shard of the one
 * suite: it refuses what the whole suite refuses, and its shards merge into the unsharded run.
 */

const SUITE = accuracySuite("filed", { top: 'cases_file = ["cases.jsonl", "cases.csv"]\n' });

const SYSTEM = `export function answer(vars) {
  return Number(vars.n) % 4 === 0 ? "nope" : "a" + vars.n;
}
`;

function jsonl(): string {
  const lines: string[] = [];
  for (let n = 1; n <= 30; n++) {
    const line = { id: `j-${n}`, vars: { n }, expected: `a${n}` };
    // Every sixth line goes through the case schema rather than the hand check.
    lines.push(JSON.stringify(n % 6 === 0 ? { ...line, kind: "canary" } : line));
  }
  return lines.join("\n") + "\n";
}

function csv(): string {
  const rows = ["id,expected,n"];
  for (let n = 31; n <= 50; n++) rows.push(`c-${n},a${n},${n}`);
  return rows.join("\n") + "\n";
}

async function setup(extra: { jsonl?: string } = {}): Promise<string> {
  return await workspace({
    "suite.toml": SUITE,
    "system.ts": SYSTEM,
    "cases.jsonl": jsonl() + (extra.jsonl ?? ""),
    "cases.csv": csv(),
  });
}

async function runAndRead(cwd: string, args: string[]) {
  const result = await cli([...args, "--json"], { cwd });
  assertEquals(result.code, 0, `${args.join(" ")}: ${result.stderr}`);
  const summary = RunSummarySchema.parse(JSON.parse(result.stdout));
  return { summary, document: await storedRun(cwd, summary.path!) };
}

/** The case results as a run records them, with the time each took left out. */
function answers(document: { cases: Record<string, unknown>[] }) {
  return document.cases.map(({ latency_ms: _ms, ...rest }) => rest);
}

Deno.test("a shard refuses a malformed line of another shard's case exactly as the unsharded run does", async () => {
  let other = 0;
  while (shardOf(`x-${other}`, 2) === 1) other++;
  // A suspended case without its reason, whose id hashes to shard 2.
  const cwd = await setup({
    jsonl: JSON.stringify({ id: `x-${other}`, kind: "suspended" }) + "\n",
  });
  const whole = await cli(["run", "suite.toml"], { cwd });
  assertEquals(whole.code, 64, whole.stderr);
  match(whole.stderr, /cases\.jsonl:31:/);
  for (const spec of ["1/2", "2/2"]) {
    const shard = await cli(["run", "suite.toml", "--shard", spec], { cwd });
    assertEquals([shard.code, shard.stderr, shard.stdout], [
      whole.code,
      whole.stderr,
      whole.stdout,
    ]);
  }
});

Deno.test("the shards of a suite read from cases files merge into the unsharded run", async () => {
  const cwd = await setup();
  const whole = await runAndRead(cwd, ["run", "suite.toml"]);
  const ids: string[] = [];
  for (let k = 1; k <= 3; k++) {
    const shard = await runAndRead(cwd, ["run", "suite.toml", "--shard", `${k}/3`]);
    assertEquals(shard.document.cases_digest, whole.document.cases_digest);
    assertEquals(shard.document.config_hash, whole.document.config_hash);
    assertEquals(
      answers(shard.document),
      answers(whole.document).filter((c) => shardOf(String(c.case_id), 3) === k),
    );
    ids.push(shard.summary.run_id);
  }
  const merged = await runAndRead(cwd, ["merge", ...ids]);
  assertEquals(answers(merged.document), answers(whole.document));
  assertEquals(merged.document.figures, whole.document.figures);
});
