import { deepStrictEqual as assertEquals, match, ok } from "node:assert/strict";
import { join } from "node:path";
import {
  cli,
  type CliResult,
  ROOT,
  SMALL_SUITE,
  smallSystem,
  spawnCli,
  workspace,
} from "./_cli.ts";

// A campaign over damaged stores, kills and faulty inputs: each case states the exit and the
// message it expects. On the digline before these checks, every listing case exited 0 showing
// the damaged run as sound, and the refusals below were silent, two lines, or exit 0.

/** A store with an approved run and a newer one; each case damages a copy of it. */
let pristine: string | undefined;
async function damaged(): Promise<{ cwd: string; runs: string; newest: string; older: string }> {
  if (pristine === undefined) {
    pristine = await workspace({ "suite.toml": SMALL_SUITE, "system.ts": smallSystem() });
    assertEquals((await cli(["run", "suite.toml"], { cwd: pristine })).code, 0);
    const promoted = await cli(["promote", "latest", "--because", "t"], { cwd: pristine });
    assertEquals(promoted.code, 0, promoted.stderr);
    assertEquals((await cli(["run", "suite.toml"], { cwd: pristine })).code, 0);
  }
  const cwd = await Deno.makeTempDir({ prefix: "digline-damaged-" });
  const copied = await new Deno.Command("cp", { args: ["-a", `${pristine}/.`, cwd] }).output();
  ok(copied.success);
  const runs = join(cwd, ".digline", "default", "runs", "small");
  const names = [...Deno.readDirSync(runs)].map((e) => e.name).filter((n) => n.endsWith(".json"))
    .sort();
  return { cwd, runs, older: join(runs, names[0]), newest: join(runs, names[1]) };
}

/** One line on stderr that names `file` and says `says`, and the exit code `code`. */
function refusedNaming(result: CliResult, expected: { code: number; file: string; says: RegExp }) {
  assertEquals(result.code, expected.code, result.stdout + result.stderr);
  assertEquals(result.stderr.trimEnd().split("\n").length, 1, result.stderr);
  ok(result.stderr.includes(expected.file), `${result.stderr} names ${expected.file}`);
  match(result.stderr, expected.says);
}

const rel = (cwd: string, path: string) => path.slice(cwd.length + 1);

interface Damage {
  name: string;
  damage: (store: { newest: string; older: string }) => Promise<void>;
  /** What `list`, `log` and `view` (the cheap check) say. */
  listing: RegExp;
  /** What `view RUN` (a read in detail) says. */
  detail: RegExp;
  /** What `verify --whole-store` says of the file. */
  verify: RegExp;
}

const text = (path: string) => Deno.readTextFile(path);

const DAMAGES: Damage[] = [
  {
    name: "truncated",
    damage: async ({ newest }) => {
      const t = await text(newest);
      await Deno.writeTextFile(newest, t.slice(0, t.length / 2));
    },
    listing: /is \d+ bytes, but was stored as \d+: it was changed or cut short/,
    detail: /it is not JSON/,
    verify: /is \d+ bytes, but was stored as \d+/,
  },
  {
    name: "empty",
    damage: ({ newest }) => Deno.writeTextFile(newest, ""),
    listing: /it does not begin as a JSON object/,
    detail: /it is not JSON/,
    verify: /is 0 bytes, but was stored as/,
  },
  {
    name: "null",
    damage: ({ newest }) => Deno.writeTextFile(newest, "null\n"),
    listing: /it does not begin as a JSON object/,
    detail: /expected object/,
    verify: /is 5 bytes, but was stored as/,
  },
  {
    name: "of a newer schema, with a field this digline does not know",
    damage: async ({ newest }) => {
      const json = JSON.parse(await text(newest));
      await Deno.writeTextFile(
        newest,
        JSON.stringify({ ...json, schema_version: 2, lineage: [] }, null, 1),
      );
    },
    listing: /schema version 2, newer than this digline reads \(1\)/,
    detail: /schema version 2, newer than this digline reads \(1\)/,
    verify: /schema version 2, newer than this digline reads/,
  },
  {
    name: "of a newer schema, the same size",
    damage: async ({ newest }) =>
      Deno.writeTextFile(
        newest,
        (await text(newest)).replace('"schema_version": 1', '"schema_version": 9'),
      ),
    listing: /schema version 9, newer than this digline reads \(1\)/,
    detail: /schema version 9, newer/,
    verify: /schema version 9, newer/,
  },
  {
    name: "a folder",
    damage: async ({ newest }) => {
      await Deno.remove(newest);
      await Deno.mkdir(newest);
    },
    listing: /it is a folder, not a run document/,
    detail: /folder|directory/i,
    verify: /it is a folder, not a document/,
  },
  {
    name: "another run's document under its name",
    damage: ({ newest, older }) => Deno.copyFile(older, newest),
    listing: /it holds run \S+, not the run its name says/,
    detail: /it holds run \S+ of suite small/,
    verify: /it holds run \S+ of suite small/,
  },
];

for (const d of DAMAGES) {
  Deno.test(`a run document ${d.name}: list, log and view refuse it by name (64), view RUN too, verify --whole-store names it (1)`, async () => {
    const store = await damaged();
    const runId = store.newest.split("/").at(-1)!.slice(0, -".json".length);
    await d.damage(store);
    const file = rel(store.cwd, store.newest);
    for (const args of [["list"], ["log"], ["view"], ["list", "--json"]]) {
      refusedNaming(await cli(args, { cwd: store.cwd }), { code: 64, file, says: d.listing });
    }
    refusedNaming(await cli(["view", runId], { cwd: store.cwd }), {
      code: 64,
      file,
      says: d.detail,
    });
    const verify = await cli(["verify", "--whole-store"], { cwd: store.cwd });
    assertEquals(verify.code, 1, verify.stdout + verify.stderr);
    ok(verify.stdout.includes(`${file}: `), verify.stdout);
    match(verify.stdout, d.verify);
  });
}

Deno.test("a byte changed without changing the size passes a listing (by design) and is named by view RUN and verify --whole-store", async () => {
  const store = await damaged();
  const runId = store.newest.split("/").at(-1)!.slice(0, -".json".length);
  await Deno.writeTextFile(
    store.newest,
    (await text(store.newest)).replace('"cases": [', '"casXs": ['),
  );
  assertEquals((await cli(["list"], { cwd: store.cwd })).code, 0);
  refusedNaming(await cli(["view", runId], { cwd: store.cwd }), {
    code: 64,
    file: rel(store.cwd, store.newest),
    says: /is not valid/,
  });
  const verify = await cli(["verify", "--whole-store", "--json"], { cwd: store.cwd });
  assertEquals(verify.code, 1);
  const document = JSON.parse(verify.stdout);
  assertEquals(document.kind, "verify-store");
  assertEquals(document.holds, false);
  ok(
    document.problems.some((p: { problem: string }) => /another CRC-32/.test(p.problem)),
    verify.stdout,
  );
});

Deno.test("a sound store verifies (0); an index line whose document is gone is named (1)", async () => {
  const store = await damaged();
  const sound = await cli(["verify", "--whole-store"], { cwd: store.cwd });
  assertEquals(sound.code, 0, sound.stdout + sound.stderr);
  match(sound.stdout, /all \d+ documents hold/);
  await Deno.remove(store.newest);
  assertEquals((await cli(["list"], { cwd: store.cwd })).code, 0, "the rest still lists");
  const verify = await cli(["verify", "--whole-store"], { cwd: store.cwd });
  assertEquals(verify.code, 1);
  match(verify.stdout, /\.index\.jsonl: line 2 names run \S+, whose document is not in/);
});

Deno.test("an approval whose selection_runs name a run it does not hold, or its approved run, is named by verify --whole-store (1)", async () => {
  const store = await damaged();
  const dir = join(store.cwd, ".digline", "default", "baselines", "small");
  const file = [...Deno.readDirSync(dir)].map((e) => e.name).find((n) => n.endsWith(".json"));
  ok(file !== undefined);
  const path = join(dir, file);
  const approval = JSON.parse(await text(path));
  const newest = JSON.parse(await text(store.newest)).run_id;
  approval.selection_runs = [newest, approval.run_id];
  await Deno.writeTextFile(path, JSON.stringify(approval, null, 2));
  const verify = await cli(["verify", "--whole-store"], { cwd: store.cwd });
  assertEquals(verify.code, 1, verify.stdout + verify.stderr);
  match(
    verify.stdout,
    new RegExp(`its selection_runs names run ${newest}, which is not one of its`),
  );
  match(verify.stdout, new RegExp(`its selection_runs names the approved run ${approval.run_id}`));
});

Deno.test("an index of older digline (no sizes) is checked by reading the documents", async () => {
  const store = await damaged();
  const index = join(store.runs, ".index.jsonl");
  const lines = (await text(index)).split("\n").filter(Boolean).map((line) => {
    const { bytes: _b, crc32: _c, ...synopsis } = JSON.parse(line);
    return JSON.stringify(synopsis) + "\n";
  });
  await Deno.writeTextFile(index, lines.join(""));
  const t = await text(store.newest);
  await Deno.writeTextFile(store.newest, t.slice(0, t.length - 10));
  refusedNaming(await cli(["list"], { cwd: store.cwd }), {
    code: 64,
    file: rel(store.cwd, store.newest),
    says: /it is not JSON/,
  });
});

Deno.test("a suite's folder that is a file is refused by name by every command that reads runs", async () => {
  for (const folder of ["runs", "baselines"]) {
    const store = await damaged();
    const path = join(store.cwd, ".digline", "default", folder, "small");
    await Deno.remove(path, { recursive: true });
    await Deno.writeTextFile(path, "x\n");
    for (const args of [["compare"], ["explain"], ["report"], ["list"], ["view", "latest"]]) {
      if (folder === "baselines" && args[0] === "view") continue;
      const result = await cli(args, { cwd: store.cwd });
      refusedNaming(result, {
        code: 64,
        file: rel(store.cwd, path),
        says: /file where|a folder belongs/,
      });
    }
  }
});

Deno.test("a writer removes the temp files of writers that no longer run, and keeps a live one's", async () => {
  const store = await damaged();
  const gone = new Deno.Command("true").spawn();
  await gone.status;
  const dead = join(store.runs, `.tmp-${gone.pid}-00000000-0000-0000-0000-000000000000`);
  const live = join(store.runs, `.tmp-${Deno.pid}-11111111-1111-1111-1111-111111111111`);
  await Deno.writeTextFile(dead, "x".repeat(145_000));
  await Deno.writeTextFile(live, "x");
  assertEquals((await cli(["run", "suite.toml"], { cwd: store.cwd })).code, 0);
  const left = [...Deno.readDirSync(store.runs)].map((e) => e.name).filter((n) =>
    n.startsWith(".tmp-")
  );
  assertEquals(left, [live.split("/").at(-1)]);
});

Deno.test("a run killed mid-way leaves a store that lists and verifies as sound", async () => {
  const store = await damaged();
  await Deno.writeTextFile(
    join(store.cwd, "system.ts"),
    `export async function answer(vars) { await new Promise((r) => setTimeout(r, 60_000)); return "a" + vars.n; }\n`,
  );
  const child = spawnCli(["run", "suite.toml"], { cwd: store.cwd, stderr: "piped" });
  await new Promise((resolve) => setTimeout(resolve, 1500));
  child.kill("SIGKILL");
  await child.output();
  assertEquals((await cli(["list"], { cwd: store.cwd })).code, 0);
  const verify = await cli(["verify", "--whole-store"], { cwd: store.cwd });
  assertEquals(verify.code, 0, verify.stdout);
});

Deno.test("diff --limit takes a whole number: abc and -3 are refused in one line (64)", async () => {
  const store = await damaged();
  for (const limit of [["--limit", "abc"], ["--limit", "-3"], ["--limit=-3"]]) {
    const result = await cli(["diff", "latest", "latest", ...limit], { cwd: store.cwd });
    assertEquals(result.code, 64, limit.join(" "));
    assertEquals(result.stderr.trimEnd().split("\n").length, 1, result.stderr);
    match(result.stderr, /--limit/);
  }
});

Deno.test("verify of a file that is not JSON is refused in one line naming it (64)", async () => {
  const cwd = await workspace({ "notes.txt": "hello\nworld\n" });
  const result = await cli(["verify", "notes.txt"], { cwd });
  assertEquals(result.code, 64);
  assertEquals(result.stderr.trimEnd().split("\n").length, 1, result.stderr);
  match(result.stderr, /notes\.txt: not a JSON payload/);
});

Deno.test("the operator with no command says so on stderr (64)", async () => {
  const out = await new Deno.Command(Deno.execPath(), {
    args: ["run", "--config", join(ROOT, "deno.json"), join(ROOT, "operator", "main.ts")],
    stdout: "piped",
    stderr: "piped",
  }).output();
  assertEquals(out.code, 64);
  const stderr = new TextDecoder().decode(out.stderr);
  match(stderr, /^operator: no command given/);
  match(stderr, /usage: operator COMMAND/);
});

Deno.test("the traceback command a load failure advises runs for a suite that imports digline", async () => {
  const cwd = await workspace({
    "suite.ts": `import { defineSuite, equals } from "${ROOT}/mod.ts";
export const suite = defineSuite({
  name: "small", target: () => "x", assertions: [equals(null as never)], cases: [{ id: "one" }],
});
`,
  });
  const refused = await cli(["run", "suite.ts"], { cwd });
  assertEquals(refused.code, 64);
  const command = /to see the full traceback run: (.*)$/m.exec(refused.stderr)?.[1];
  ok(command !== undefined, refused.stderr);
  const out = await new Deno.Command("sh", { args: ["-c", command], cwd, stderr: "piped" })
    .output();
  const traceback = new TextDecoder().decode(out.stderr);
  match(traceback, /AssertionShapeError/);
  ok(!/not a dependency|Relative import path/.test(traceback), traceback);
});

Deno.test("run notes a target's invalid UTF-8 as view does", async () => {
  const cwd = await workspace({
    "suite.toml": `name = "bytes"
[target]
command = ["sh", "-c", "printf 'a\\\\377b'"]
retries = 0
[[assertions]]
name = "says-a"
kind = "includes"
value = "a"
[[cases]]
id = "bad"
`,
  });
  const run = await cli(["run", "suite.toml"], { cwd });
  assertEquals(run.code, 0, run.stderr);
  match(run.stdout, /note {7}bad: the output was not UTF-8 \(first bad byte 0xff at offset 1\)/);
  const json = JSON.parse((await cli(["run", "suite.toml", "--json"], { cwd })).stdout);
  match(json.output_notes[0], /bad: the output was not UTF-8/);
});
