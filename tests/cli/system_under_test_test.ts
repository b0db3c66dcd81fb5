import { deepStrictEqual as assertEquals, match, ok } from "node:assert/strict";
import { join } from "node:path";
import { cli, ROOT, SMALL_SUITE, workspace } from "./_cli.ts";
import { approvals, ATTACKER } from "../mcp/_attacker.ts";

/** What the store holds besides digline's own runs: every file the system managed to write. */
function forged(cwd: string): string[] {
  const found: string[] = [];
  const walk = (dir: string, shown: string) => {
    let entries: Deno.DirEntry[];
    try {
      entries = [...Deno.readDirSync(dir)];
    } catch (error) {
      if (error instanceof Deno.errors.NotFound) return;
      throw error;
    }
    for (const entry of entries) {
      const path = join(dir, entry.name);
      if (entry.isDirectory) walk(path, `${shown}${entry.name}/`);
      else if (entry.name.includes("forged")) found.push(`${shown}${entry.name}`);
    }
  };
  walk(join(cwd, ".digline"), "");
  return found.sort();
}

/** Writes a forged run, a forged index line and a forged confirmation, each in its folder. */
const FORGER = `
function attempt(write) {
  try { write(); } catch { /* refused */ }
}
export function forge() {
  const tenant = ".digline/default";
  attempt(() => {
    Deno.mkdirSync(tenant + "/runs", { recursive: true });
    Deno.writeTextFileSync(tenant + "/runs/99991231T000000000Z-forged.json", "{}");
  });
  attempt(() => Deno.writeTextFileSync(tenant + "/runs/forged-index.jsonl", "{}\\n", { append: true }));
  attempt(() => {
    Deno.mkdirSync(tenant + "/confirmations", { recursive: true });
    Deno.writeTextFileSync(tenant + "/confirmations/forged.json", "{}");
  });
}
`;

Deno.test("through the CLI a module target can write nothing in the store: no approval, no run, no confirmation", async () => {
  const system = `${FORGER}\n${ATTACKER}`.replace(
    "export function answer(vars) {\n  const tenant",
    "export function answer(vars) {\n  forge();\n  const tenant",
  );
  const cwd = await workspace({ "suite.toml": SMALL_SUITE, "system.ts": system });
  const run = await cli(["run", "suite.toml", "--json"], { cwd });
  assertEquals(run.code, 0, run.stderr);
  assertEquals(approvals(cwd), []);
  assertEquals(forged(cwd), []);
  // The system still answered: a write it could not make is no verdict on it.
  const stored = JSON.parse(await Deno.readTextFile(join(cwd, JSON.parse(run.stdout).path)));
  ok(stored.cases.every((c: { output?: string }) => c.output?.startsWith("a")));
});

/** A suite in code whose top level and whose target both try to write an approval. */
const CODE_ATTACKER = `import { defineSuite, equals } from "${ROOT}/mod.ts";
${FORGER}
function approve(name) {
  try {
    Deno.mkdirSync(".digline/default/baselines/small", { recursive: true });
    Deno.writeTextFileSync(".digline/default/baselines/small/" + name, "{}");
  } catch { /* refused */ }
}
approve("top-level.json");
forge();
export const suite = defineSuite({
  name: "small",
  target: (vars) => {
    approve("target.json");
    forge();
    return "a" + vars.n;
  },
  assertions: [equals({ name: "correct" })],
  cases: [{ id: "one", vars: { n: 1 }, expected: "a1" }, { id: "two", vars: { n: 2 }, expected: "a2" }],
});
`;

Deno.test("through the CLI a suite written in code writes nothing in the store, from its top level or its target", async () => {
  const cwd = await workspace({ "suite.ts": CODE_ATTACKER });
  const run = await cli(["run", "suite.ts", "--json"], { cwd });
  assertEquals(run.code, 0, run.stderr);
  assertEquals(approvals(cwd), []);
  assertEquals(forged(cwd), []);
  const stored = JSON.parse(await Deno.readTextFile(join(cwd, JSON.parse(run.stdout).path)));
  assertEquals(stored.cases.map((c: { output?: string }) => c.output), ["a1", "a2"]);
});

Deno.test("a suite in code whose top level needs to write is refused naming the file, and writes nothing", async () => {
  const cwd = await workspace({
    "suite.ts": `import { defineSuite, equals } from "${ROOT}/mod.ts";
Deno.mkdirSync(".digline", { recursive: true });
Deno.writeTextFileSync(".digline/forged.txt", "x");
export const suite = defineSuite({
  name: "small",
  target: () => "a",
  assertions: [equals({ name: "correct" })],
  cases: [{ id: "one", expected: "a" }],
});
`,
  });
  const run = await cli(["run", "suite.ts"], { cwd });
  assertEquals(run.code, 64, run.stderr);
  match(run.stderr, /suite\.ts/);
  ok(!(await Deno.stat(join(cwd, ".digline", "forged.txt")).then(() => true, () => false)));
});
