import { deepStrictEqual as assertEquals, match } from "node:assert/strict";
import { join } from "node:path";
import { cli, SMALL_SUITE, smallSystem, workspace } from "../cli/_cli.ts";
import { gateStep, lineOf } from "../support/gate_step.ts";

/** A suite approved on five clean runs whose system now fails case "one". */
async function brokenAfterFive(): Promise<string> {
  const cwd = await workspace({
    "evals/small.toml": SMALL_SUITE,
    "evals/system.ts": smallSystem(),
  });
  assertEquals((await cli(["run", "evals/small.toml"], { cwd })).code, 0);
  const promoted = await cli(["promote", "latest", "--repeats", "5", "--because", "approved"], {
    cwd,
  });
  assertEquals(promoted.code, 0, promoted.stderr);
  await Deno.writeTextFile(join(cwd, "evals", "system.ts"), smallSystem({ wrong: [1] }));
  return cwd;
}

Deno.test({
  name:
    "the action's confirm draws within max-extra-calls, and the summary says the budget ended the draws",
  sanitizeResources: false,
  fn: async () => {
    const cwd = await brokenAfterFive();
    const capped = await gateStep(cwd, "evals/small.toml", {
      DIGLINE_CONFIRM: "true",
      DIGLINE_MAX_EXTRA_CALLS: "2",
    });
    match(capped.log, /\$ digline compare \S+ --confirm --max-extra-calls 2 --json/);
    match(lineOf(capped.summary, "small"), /the budget of 2 extra calls ended the draws/);

    // A new run, with the suite's own budget: the break is drawn to the end and confirmed.
    const full = await gateStep(cwd, "evals/small.toml", { DIGLINE_CONFIRM: "true" });
    assertEquals(full.code, 1, full.log);
    match(lineOf(full.summary, "small"), /^- \*\*small\*\*: WORSE \(exit 1\), worse: /);
  },
});

Deno.test({
  name: "the action refuses max-extra-calls without confirm, naming the option",
  sanitizeResources: false,
  fn: async () => {
    const cwd = await brokenAfterFive();
    const step = await gateStep(cwd, "evals/small.toml", { DIGLINE_MAX_EXTRA_CALLS: "2" });
    assertEquals(step.code, 64, step.log);
    match(lineOf(step.summary, "small"), /--max-extra-calls sets --confirm's budget/);
  },
});
