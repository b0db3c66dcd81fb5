import { deepStrictEqual as assertEquals } from "node:assert/strict";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = join(fileURLToPath(import.meta.url), "../../../..");

interface InfoModule {
  specifier: string;
  dependencies?: { code?: { specifier?: string }; isDynamic?: boolean }[];
}

/** What `specifier` loads before any of its code runs: its static imports, all the way down. */
async function staticGraph(specifier: string): Promise<string[]> {
  const output = await new Deno.Command(Deno.execPath(), {
    args: ["info", "--json", specifier],
    cwd: ROOT,
    stdout: "piped",
    stderr: "piped",
  }).output();
  assertEquals(output.code, 0, new TextDecoder().decode(output.stderr));
  const info = JSON.parse(new TextDecoder().decode(output.stdout)) as {
    roots: string[];
    modules: InfoModule[];
  };
  const modules = new Map(info.modules.map((module) => [module.specifier, module]));
  const seen = new Set<string>();
  const queue = [...info.roots];
  while (queue.length > 0) {
    const at = queue.pop()!;
    if (seen.has(at)) continue;
    seen.add(at);
    for (const dependency of modules.get(at)?.dependencies ?? []) {
      const next = dependency.code?.specifier;
      if (next !== undefined && dependency.isDynamic !== true) queue.push(next);
    }
  }
  return [...seen].map((specifier) => specifier.replace(`file://${ROOT}/`, "")).sort();
}

// Every suite module imports the library, and three isolates import the suite: the Worker that
// describes it, the Worker its target runs in and the check sandbox's thread. What the library
// loads statically, each of them holds (docs/performance.md, issue 38).
Deno.test("the library loads no run machinery (the store, a run, a comparison) before assertNotWorse is called", async () => {
  const graph = await staticGraph("./mod.ts");
  const heavy = graph.filter((specifier) =>
    specifier.startsWith("host/work/") || specifier.startsWith("host/store/") ||
    specifier === "core/compare/headline.ts"
  );
  assertEquals(heavy, []);
});
