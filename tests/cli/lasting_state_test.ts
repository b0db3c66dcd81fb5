import { deepStrictEqual as assertEquals } from "node:assert/strict";
import { cli, ROOT, SMALL_SUITE, workspace } from "./_cli.ts";
import { storedRun } from "../support/stored_run.ts";

/** Reads what an earlier run left under `name` in every lasting store, then leaves something. */
function prober(name: string): string {
  return `
async function probe() {
  const seen = [];
  try {
    const cache = await caches.open(${JSON.stringify(name)});
    const hit = await cache.match("http://digline.invalid/probe");
    seen.push("caches:" + (hit === undefined ? "empty" : await hit.text()));
    await cache.put("http://digline.invalid/probe", new Response("left-by-an-earlier-run"));
  } catch {
    seen.push("caches:refused");
  }
  for (const name of ["localStorage", "sessionStorage"]) {
    try {
      const store = globalThis[name];
      seen.push(name + ":" + (store.getItem("probe") ?? "empty"));
      store.setItem("probe", "left-by-an-earlier-run");
    } catch {
      seen.push(name + ":refused");
    }
  }
  return seen.join(" ");
}
`;
}

Deno.test("a module target can keep nothing for the next run in the Cache API or web storage", async () => {
  const name = `digline-probe-${crypto.randomUUID()}`;
  const cwd = await workspace({
    "suite.toml": SMALL_SUITE,
    "system.ts": `${prober(name)}
export async function answer() {
  return await probe();
}
`,
  });
  const outputs: string[] = [];
  for (let run = 0; run < 2; run++) {
    const ran = await cli(["run", "suite.toml", "--json"], { cwd });
    assertEquals(ran.code, 0, ran.stderr);
    const stored = await storedRun(cwd, JSON.parse(ran.stdout).path);
    outputs.push(...stored.cases.map((c: { output?: string }) => String(c.output)));
  }
  for (const output of outputs) {
    assertEquals(output.includes("left-by-an-earlier-run"), false, output);
  }
  assertEquals(outputs[0], "caches:refused localStorage:refused sessionStorage:refused");
});

Deno.test("a custom check can keep nothing for the next run in the Cache API", async () => {
  const name = `digline-probe-${crypto.randomUUID()}`;
  const cwd = await workspace({
    "suite.ts": `import { custom, defineSuite } from "${ROOT}/mod.ts";
${prober(name)}
export const suite = defineSuite({
  name: "lasting",
  target: () => "out",
  assertions: [custom({ name: "remembers", check: async () => ({ status: "pass", reason: await probe() }) })],
  cases: [{ id: "a" }],
});
`,
  });
  const reasons: string[] = [];
  for (let run = 0; run < 2; run++) {
    const ran = await cli(["run", "suite.ts", "--json"], { cwd });
    assertEquals(ran.code, 0, ran.stderr);
    const stored = await storedRun(cwd, JSON.parse(ran.stdout).path);
    reasons.push(String(stored.cases[0].verdicts[0].reason));
  }
  assertEquals(reasons, [
    "caches:refused localStorage:refused sessionStorage:refused",
    "caches:refused localStorage:refused sessionStorage:refused",
  ]);
});
