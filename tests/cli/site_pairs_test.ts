import { deepStrictEqual as assertEquals, ok } from "node:assert/strict";
import { join } from "node:path";
import { storedRun } from "../../bench/scale.ts";
import { runSynopsis } from "../../core/run/run_synopsis.ts";
import { TABLE_RUNS } from "../../core/viewer/suite_page.ts";
import { indexLine } from "../../host/store/run_index.ts";
import { cli, workspace } from "./_cli.ts";

Deno.test("the exported site holds each listed run against the one before it and the approved run, and no chain through the whole store", async () => {
  const cwd = await workspace({});
  try {
    const runsDir = join(cwd, ".digline", "default", "runs", "stored");
    await Deno.mkdir(runsDir, { recursive: true });
    const runs = TABLE_RUNS + 40;
    const ids: string[] = [];
    const lines: string[] = [];
    for (let i = 0; i < runs; i++) {
      const text = storedRun(i);
      const run = JSON.parse(text);
      ids.push(run.run_id);
      await Deno.writeTextFile(join(runsDir, `${run.run_id}.json`), text);
      lines.push(indexLine(runSynopsis(run)) + "\n");
    }
    await Deno.writeTextFile(join(runsDir, ".index.jsonl"), lines.join(""));
    const approved = ids[10];
    assertEquals(
      (await cli(["promote", approved, "--because", "test", "--by", "t"], { cwd })).code,
      0,
    );
    const site = await cli(["site", "--json"], { cwd });
    assertEquals(site.code, 0, site.stderr);
    const pages = JSON.parse(site.stdout).pages as string[];
    const pairs = pages.filter((p) => p.startsWith("diff/"));
    const listed = ids.slice(-TABLE_RUNS);
    for (const [i, id] of listed.entries()) {
      const before = ids[ids.length - TABLE_RUNS + i - 1];
      ok(pairs.includes(`diff/${before}/${id}.html`), `${id} against the run before it`);
      if (id !== approved) {
        ok(pairs.includes(`diff/${approved}/${id}.html`), `${id} against the approval`);
      }
    }
    assertEquals(pairs.length, 2 * TABLE_RUNS, "no other pair is written");
    ok(
      !pages.includes(`run/${ids[0]}.html`),
      "a run no page lists is not reached through the runs before it",
    );
  } finally {
    await Deno.remove(cwd, { recursive: true }).catch(() => {});
  }
});
