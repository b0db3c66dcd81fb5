import { deepStrictEqual as assertEquals, match, ok } from "node:assert/strict";
import { join } from "node:path";
import { CompareDocumentSchema } from "../../core/documents/mod.ts";
import { cli, spawnCli, workspace } from "./_cli.ts";

/** A command target that logs every call, waits `delay` seconds, and answers case 0 wrong once `broken` exists. */
const SYSTEM = `v=$(cat)
echo "$v" >> calls.log
sleep "$(cat delay 2>/dev/null || echo 0)"
n=$(echo "$v" | tr -dc 0-9)
if [ -f broken ] && [ "$n" = "0" ]; then echo x; else echo "$n"; fi
`;

const SUITE = `name = "resumable"

[target]
command = ["sh", "system.sh"]
retries = 0

[[assertions]]
name = "echoes"
kind = "equals"

[[aggregates]]
name = "accuracy"
kind = "accuracy"
over = "echoes"

${
  Array.from({ length: 4 }, (_, i) =>
    `[[cases]]\nid = "c${i}"\nvars = { n = ${i} }\nexpected = "${i}"\n`)
    .join("\n")
}`;

async function calls(cwd: string): Promise<number> {
  const text = await Deno.readTextFile(join(cwd, "calls.log")).catch(() => "");
  return text.split("\n").filter((l) => l !== "").length;
}

/** A workspace whose suite was approved over four runs, then broke (case 0) in a newer run. */
async function brokenAfterApproval(): Promise<string> {
  const cwd = await workspace({ "suite.toml": SUITE, "system.sh": SYSTEM });
  assertEquals((await cli(["run", "suite.toml"], { cwd })).code, 0);
  // Four runs: the fewest with which ten reruns bound four checks' false confirmations.
  const promoted = await cli(["promote", "latest", "--repeats", "4", "--because", "four"], {
    cwd,
  });
  assertEquals(promoted.code, 0, promoted.stderr);
  await Deno.writeTextFile(join(cwd, "broken"), "");
  assertEquals((await cli(["run", "suite.toml"], { cwd })).code, 0);
  return cwd;
}

/** Starts `compare --confirm ARGS`, its calls slowed, and kills it after three more calls. */
async function interrupt(cwd: string, args: string[]): Promise<void> {
  const before = await calls(cwd);
  await Deno.writeTextFile(join(cwd, "delay"), "0.4");
  const child = spawnCli(["compare", "--confirm", ...args], { cwd });
  // k is drawn one at a time; stop it after three draws.
  for (let i = 0; i < 2400 && (await calls(cwd)) < before + 3; i++) {
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  child.kill("SIGKILL");
  await child.status;
  await Deno.writeTextFile(join(cwd, "delay"), "0");
}

Deno.test("compare --confirm killed partway resumes with its plan and journaled draws, calling no journaled draw again", async () => {
  const cwd = await brokenAfterApproval();
  await interrupt(cwd, []);
  const journal = join(cwd, ".digline", "default", "work");
  const files = [...Deno.readDirSync(journal)].map((e) => e.name);
  const file = files.find((f) => f.startsWith("resumable.confirm-"));
  ok(file !== undefined, `a confirm journal in ${files.join(", ")}`);
  const journaled = (await Deno.readTextFile(join(journal, file))).split("\n")
    .filter((l) => l.startsWith('{"round"')).length;
  ok(journaled >= 2, `journaled ${journaled} draws`);
  const killedAt = await calls(cwd);
  const resumed = await cli(["compare", "--confirm", "--json"], { cwd });
  assertEquals(resumed.code, 1, resumed.stderr);
  match(
    resumed.stderr,
    new RegExp(`resuming an interrupted --confirm with its plan and ${journaled} journaled draws`),
  );
  const document = CompareDocumentSchema.parse(JSON.parse(resumed.stdout));
  const fact = document.causes.find((f) => f.kind === "regression");
  const k = document.confirm?.k ?? 0;
  assertEquals(fact?.confirmation, { outcome: "confirmed", pass: 0, fail: k, error: 0 });
  // k draws in all: the journaled ones were not made again (one in flight at the kill may be).
  const after = (await calls(cwd)) - killedAt;
  ok(after <= k - journaled, `${after} calls after the kill, ${journaled} journaled`);
  assertEquals(document.confirm?.spent_calls, k);
  ok(
    !(await Deno.stat(join(journal, file)).then(() => true, () => false)),
    "the journal is removed",
  );
});

Deno.test("a --confirm interrupted under a smaller --max-extra-calls is planned afresh by a compare that allows more, and resumed by one that allows the same", async () => {
  const cwd = await brokenAfterApproval();
  await interrupt(cwd, ["--max-extra-calls", "6"]);
  const same = await cli(["compare", "--confirm", "--max-extra-calls", "6", "--json"], { cwd });
  match(same.stderr, /resuming an interrupted --confirm with its plan/);
  assertEquals(CompareDocumentSchema.parse(JSON.parse(same.stdout)).confirm?.max_extra_calls, 6);
  // A capped confirmation that finished is drawn anew by the suite's budget; so is one cut off.
  assertEquals((await cli(["run", "suite.toml"], { cwd })).code, 0);
  await interrupt(cwd, ["--max-extra-calls", "6"]);
  const larger = await cli(["compare", "--confirm", "--json"], { cwd });
  assertEquals(larger.code, 1, larger.stderr);
  ok(!/resuming an interrupted/.test(larger.stderr), larger.stderr);
  const document = CompareDocumentSchema.parse(JSON.parse(larger.stdout));
  const k = document.confirm?.k ?? 0;
  ok((document.confirm?.max_extra_calls ?? 0) > 6, JSON.stringify(document.confirm));
  assertEquals(document.confirm?.spent_calls, k);
  assertEquals(
    document.causes.find((f) => f.kind === "regression")?.confirmation,
    { outcome: "confirmed", pass: 0, fail: k, error: 0 },
  );
});
