import { deepStrictEqual as assertEquals, ok } from "node:assert/strict";
import { join } from "node:path";

const ROOT = new URL("../../", import.meta.url).pathname;

/** Runs deno in `cwd` and returns its standard output, failing on a non-zero exit. */
async function deno(args: string[], cwd: string): Promise<string> {
  const out = await new Deno.Command(Deno.execPath(), {
    args,
    cwd,
    stdout: "piped",
    stderr: "piped",
  })
    .output();
  const text = new TextDecoder();
  ok(out.success, `deno ${args.join(" ")}: ${text.decode(out.stderr)}`);
  return text.decode(out.stdout);
}

// What the copy runs: a TOML suite whose aggregate holds the new field, loaded as `run` loads
// it, and a stored run whose aggregate holds it as a number, then as text, read as `compare` does.
const EXPERIMENT = `
import { join } from "node:path";
import { loadTomlSuite } from "./host/suite_loader/toml_suite.ts";
import { RunStore } from "./host/store/store.ts";
const dir = Deno.makeTempDirSync();
const suitePath = join(dir, "s.toml");
Deno.writeTextFileSync(suitePath, \`name = "s"
[target]
command = ["true"]
[[assertions]]
name = "correct"
kind = "equals"
[[aggregates]]
name = "accuracy"
kind = "accuracy"
over = "correct"
note = "why this figure"
[[cases]]
id = "c1"
\`);
const suite = await loadTomlSuite(suitePath, { source: "s.toml" });
const run = JSON.parse(Deno.args[0]);
const store = new RunStore({ root: join(dir, "store"), tenant: "default" });
const read = async (note) => {
  const doc = { ...run, aggregates: [{ ...run.aggregates[0], note }] };
  Deno.mkdirSync(join(store.runsDir, "s"), { recursive: true });
  Deno.writeTextFileSync(join(store.runsDir, "s", run.run_id + ".json"), JSON.stringify(doc));
  try {
    const fresh = new RunStore({ root: store.root, tenant: "default" });
    return (await fresh.readRun({ runId: run.run_id, suite: "s" })).aggregates[0];
  } catch (error) {
    return { refused: error.message };
  }
};
console.log(JSON.stringify({
  loaded: suite.aggregates,
  asNumber: await read(5),
  asText: await read("kept"),
}));
`;

const RUN = {
  schema_version: 1,
  run_id: "20260101-000000-000-000000",
  tenant: "default",
  suite: {
    name: "s",
    cases_digest: "aaaaaaaaaaaaaaaa",
    config_hash: "bbbbbbbbbbbbbbbb",
    source: "s",
  },
  target: { kind: "command", name: "true" },
  git_commit: null,
  started_at: "2026-01-01T00:00:00.000Z",
  finished_at: "2026-01-01T00:00:01.000Z",
  assertions: [],
  aggregates: [{ name: "accuracy", kind: "accuracy", over: "correct" }],
  cases: [],
  figures: [],
};

Deno.test("a field added to a schema and regenerated is kept by the TOML loader and refused with the wrong type by the stored-run reader", async () => {
  const copy = await Deno.makeTempDir();
  for (const folder of ["core", "host", "tools"]) {
    await new Deno.Command("cp", { args: ["-R", join(ROOT, folder), copy] }).output();
  }
  for (const file of ["deno.json", "deno.lock"]) {
    await Deno.copyFile(join(ROOT, file), join(copy, file));
  }
  await Deno.symlink(join(ROOT, "node_modules"), join(copy, "node_modules"));
  const specPath = join(copy, "core/suite/aggregate_spec.ts");
  const spec = await Deno.readTextFile(specPath);
  const anchor = "  higher_is_better: z.boolean().optional(),\n}";
  ok(spec.includes(anchor), "the aggregate schema's last field moved: update the experiment");
  await Deno.writeTextFile(
    specPath,
    spec.replace(
      anchor,
      "  higher_is_better: z.boolean().optional(),\n  note: z.string().optional(),\n}",
    ),
  );
  await deno(["task", "generate:validators"], copy);
  await Deno.writeTextFile(join(copy, "experiment.ts"), EXPERIMENT);
  const result = JSON.parse(
    await deno(["run", "--no-prompt", "--allow-all", "experiment.ts", JSON.stringify(RUN)], copy),
  );
  assertEquals(result.loaded, [
    { name: "accuracy", kind: "accuracy", over: "correct", note: "why this figure" },
  ]);
  ok("refused" in result.asNumber, `a number as the note was read: ${JSON.stringify(result)}`);
  ok(/aggregates\.0\.note/.test(result.asNumber.refused), result.asNumber.refused);
  assertEquals(result.asText.note, "kept");
});
