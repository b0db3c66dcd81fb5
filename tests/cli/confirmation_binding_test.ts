import { deepStrictEqual as assertEquals } from "node:assert/strict";
import { join } from "node:path";
import { cli, SMALL_SUITE, smallSystem, workspace } from "./_cli.ts";

async function runId(cwd: string): Promise<string> {
  const run = await cli(["run", "suite.toml", "--json"], { cwd });
  assertEquals(run.code, 0, run.stderr);
  return JSON.parse(run.stdout).run_id;
}

Deno.test("a confirmation compare did not draw for this run counts for nothing: a dismissal moved onto a broken run does not excuse it", async () => {
  const cwd = await workspace({ "suite.toml": SMALL_SUITE, "system.ts": smallSystem() });
  const approved = await runId(cwd);
  assertEquals(
    (await cli(["promote", approved, "--repeats", "5", "--because", "first"], { cwd })).code,
    0,
  );
  // A flip that does not reproduce: compare --confirm draws it again and dismisses it.
  await Deno.writeTextFile(join(cwd, "system.ts"), smallSystem({ wrong: [1] }));
  const flaky = await runId(cwd);
  await Deno.writeTextFile(join(cwd, "system.ts"), smallSystem());
  const confirmed = await cli(["compare", flaky, "--confirm"], { cwd });
  assertEquals(confirmed.code, 0, confirmed.stderr);
  // Now the break is real: drawn again, it would be confirmed.
  await Deno.writeTextFile(join(cwd, "system.ts"), smallSystem({ wrong: [1] }));
  const broken = await runId(cwd);
  // What a writer of confirmations/ could do: the dismissal, moved onto the broken run, so that
  // compare --confirm (and the operator's reruns) finds it stored and draws nothing.
  const from = join(cwd, ".digline", "default", "confirmations", "small", flaky);
  const [name] = [...Deno.readDirSync(from)].map((e) => e.name);
  const forged = JSON.parse(await Deno.readTextFile(join(from, name)));
  forged.candidate_run = broken;
  const to = join(cwd, ".digline", "default", "confirmations", "small", broken);
  await Deno.mkdir(to, { recursive: true });
  await Deno.writeTextFile(join(to, name), JSON.stringify(forged));
  const judged = await cli(["compare", broken, "--confirm"], { cwd });
  assertEquals(judged.code, 1, judged.stdout);
  // The genuine one still counts for the run it was drawn for.
  assertEquals((await cli(["compare", flaky], { cwd })).code, 0);
});
