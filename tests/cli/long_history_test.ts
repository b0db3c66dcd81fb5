import { deepStrictEqual as assertEquals, match, ok } from "node:assert/strict";
import { join } from "node:path";
import { LogDocumentSchema, RunListSchema } from "../../core/documents/mod.ts";
import { cli, SMALL_SUITE, smallSystem, workspace } from "./_cli.ts";
import { builtOnceWith } from "../support/built_once_workspace.ts";

/**
 * A store of 25 runs of one suite, the first of them approved: one made by `run`, 24 written
 * beside it with an index line each (as if this store had made them: a run the index does not
 * list is shown as not written here, ADR 0113), each newer than the last, built once and copied
 * for each test. Answers the ids, oldest first.
 */
const longHistory = builtOnceWith(async (): Promise<{ cwd: string; ids: string[] }> => {
  const cwd = await workspace({ "suite.toml": SMALL_SUITE, "system.ts": smallSystem() });
  const made = JSON.parse((await cli(["run", "suite.toml", "--json"], { cwd })).stdout);
  await cli(["promote", "latest", "--by", "ana", "--because", "first"], { cwd });
  const dir = join(cwd, ".digline", "default", "runs", "small");
  const document = JSON.parse(await Deno.readTextFile(join(dir, `${made.run_id}.json`)));
  const ids = [made.run_id];
  const index = join(dir, ".index.jsonl");
  // Without its size and CRC, a line's run is read whole once and the line written again.
  const { bytes: _bytes, crc32: _crc32, ...line } = JSON.parse(
    (await Deno.readTextFile(index)).trim(),
  );
  for (let i = 1; i < 25; i++) {
    const id = `20990101-0000${String(i).padStart(2, "0")}-000-${i.toString(16).padStart(6, "0")}`;
    const at = `2099-01-01T00:00:${String(i).padStart(2, "0")}.000Z`;
    await Deno.writeTextFile(
      join(dir, `${id}.json`),
      JSON.stringify({ ...document, run_id: id, started_at: at, finished_at: at }, null, 1),
    );
    await Deno.writeTextFile(
      index,
      JSON.stringify({ ...line, run_id: id, started_at: at }) + "\n",
      {
        append: true,
      },
    );
    ids.push(id);
  }
  return { cwd, ids };
});

Deno.test("list prints the newest twenty runs of a long history and says how many it left out", async () => {
  const { cwd, ids } = await longHistory();
  const text = await cli(["list"], { cwd });
  assertEquals(text.code, 0, text.stderr);
  const lines = text.stdout.trimEnd().split("\n");
  assertEquals(lines.length, 1 + 20 + 1, text.stdout);
  ok(lines[1].includes(ids[24]), "the newest run comes first");
  ok(lines[20].includes(ids[5]), "the twentieth newest is the last row");
  assertEquals(lines[21], "5 older runs not shown (25 in all): --limit N or --all prints them");

  const json = RunListSchema.parse(JSON.parse((await cli(["list", "--json"], { cwd })).stdout));
  assertEquals(json.total, 25);
  assertEquals(json.runs.map((r) => r.run_id), ids.slice(5).reverse());

  const three = RunListSchema.parse(
    JSON.parse((await cli(["list", "--limit", "3", "--json"], { cwd })).stdout),
  );
  assertEquals(three.runs.map((r) => r.run_id), ids.slice(22).reverse());

  const all = RunListSchema.parse(
    JSON.parse((await cli(["list", "--all", "--json"], { cwd })).stdout),
  );
  assertEquals(all.runs.map((r) => r.run_id), [...ids].reverse());
  assertEquals(all.runs.filter((r) => r.is_baseline).map((r) => r.run_id), [ids[0]]);
  const whole = await cli(["list", "--all"], { cwd });
  ok(!whole.stdout.includes("not shown"), whole.stdout);
});

Deno.test("log prints the last twenty events of a long history, the left-out count first", async () => {
  const { cwd, ids } = await longHistory();
  const text = await cli(["log"], { cwd });
  assertEquals(text.code, 0, text.stderr);
  const lines = text.stdout.trimEnd().split("\n");
  assertEquals(lines[0], "6 earlier events not shown (26 in all): --limit N or --all prints them");
  assertEquals(lines.length, 21);
  ok(lines[20].includes(ids[24]), "the newest run is the last line");

  const json = LogDocumentSchema.parse(JSON.parse((await cli(["log", "--json"], { cwd })).stdout));
  assertEquals(json.total, 26);
  assertEquals(json.events.map((e) => e.run_id), ids.slice(5));

  const all = LogDocumentSchema.parse(
    JSON.parse((await cli(["log", "--all", "--json"], { cwd })).stdout),
  );
  assertEquals(all.events.map((e) => `${e.event} ${e.run_id}`), [
    `run ${ids[0]}`,
    `promote ${ids[0]}`,
    ...ids.slice(1).map((id) => `run ${id}`),
  ]);
});

Deno.test("view without RUN shows the newest twenty runs' figures, and says how many it left out", async () => {
  const { cwd, ids } = await longHistory();
  const text = await cli(["view"], { cwd });
  assertEquals(text.code, 0, text.stderr);
  ok(text.stdout.includes("5 older runs not shown (25 in all): --limit N or --all prints them"));
  ok(!text.stdout.includes(ids[4]) && text.stdout.includes(ids[5]), text.stdout);
  match(text.stdout, /\* baseline /, "the baseline line stays, though its run is not shown");
  const all = RunListSchema.parse(
    JSON.parse((await cli(["view", "--all", "--json"], { cwd })).stdout),
  );
  assertEquals([all.total, all.runs.length], [25, 25]);
  const refused = await cli(["view", "latest", "--limit", "3"], { cwd });
  assertEquals(refused.code, 64);
  assertEquals(
    refused.stderr,
    "digline: view: --limit and --all shorten the list of runs; view RUN shows one run whole\n",
  );
});

Deno.test("list, log and view refuse a limit that is not a whole number from 1, or beside --all", async () => {
  const { cwd } = await longHistory();
  for (const command of ["list", "log", "view"]) {
    for (const args of [["--limit", "0"], ["--limit", "ten"], ["--limit", "3", "--all"]]) {
      const result = await cli([command, ...args], { cwd });
      assertEquals(result.code, 64, `${command} ${args.join(" ")}: ${result.stderr}`);
      assertEquals(result.stdout, "");
      assertEquals(result.stderr.trimEnd().split("\n").length, 1, result.stderr);
      match(result.stderr, new RegExp(`${command}: --limit`));
      if (args[1] === "0") {
        assertEquals(
          result.stderr,
          `digline: ${command}: --limit takes a whole number of 1 or more, not "0"\n`,
        );
      }
    }
  }
});
