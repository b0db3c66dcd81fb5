import { deepStrictEqual as assertEquals } from "node:assert/strict";
import { join } from "node:path";
import { cli, SMALL_SUITE, smallSystem, workspace } from "./_cli.ts";

/** An output only the second run gives, so a test can look for it (or for its absence). */
export const MARKED_OUTPUT = "a0-payload-7f3e";

/**
 * A store with three runs of SMALL_SUITE: the approved one (case three wrong), one that also gets
 * two wrong with a marked output, and one with every case right; approved "because baseline".
 */
export async function viewerWorkspace(): Promise<string> {
  const cwd = await workspace({
    "suite.toml": SMALL_SUITE,
    "system.ts": smallSystem({ wrong: [3] }),
  });
  assertEquals((await cli(["run", "suite.toml"], { cwd })).code, 0);
  assertEquals(
    (await cli(["promote", "latest", "--because", "first approved run"], { cwd })).code,
    0,
  );
  await Deno.writeTextFile(
    join(cwd, "system.ts"),
    `export function answer(vars) { return vars.n === 2 ? ${
      JSON.stringify(MARKED_OUTPUT)
    } : vars.n === 3 ? "a0" : "a" + vars.n; }\n`,
  );
  assertEquals((await cli(["run", "suite.toml"], { cwd })).code, 0);
  await Deno.writeTextFile(join(cwd, "system.ts"), smallSystem());
  assertEquals((await cli(["run", "suite.toml"], { cwd })).code, 0);
  // One operator decision after the last run, as the operator journals it.
  const decisions = join(cwd, ".digline", "default", "decisions");
  await Deno.mkdir(decisions, { recursive: true });
  await Deno.writeTextFile(
    join(decisions, "small.jsonl"),
    JSON.stringify({
      entry: "decision",
      at: new Date(Date.now() + 1_000).toISOString(),
      cycle_key: "nightly-1",
      suite: "small",
      classification: "drift",
      exit_code: 1,
      escalate: true,
      clause: "wake on drift",
      floor: null,
      policy_digest: null,
      policy_moved: false,
      reason: OPERATOR_REASON,
      facts: [],
    }) + "\n",
  );
  return cwd;
}

/** The reason of the one operator decision the workspace holds. */
export const OPERATOR_REASON = "drift held over two reruns: woke the owner";

/** Every file under a folder with its bytes, to show a command changed nothing. */
export async function snapshot(dir: string): Promise<Map<string, string>> {
  const files = new Map<string, string>();
  async function walk(at: string): Promise<void> {
    for await (const entry of Deno.readDir(at)) {
      const path = join(at, entry.name);
      if (entry.isDirectory) await walk(path);
      else files.set(path, await Deno.readTextFile(path));
    }
  }
  await walk(dir);
  return files;
}
