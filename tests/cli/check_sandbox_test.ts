import { deepStrictEqual as assertEquals, match, ok } from "node:assert/strict";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { call, connect } from "../mcp/_mcp.ts";
import { cli, cliCommandArgs, ROOT, workspace } from "./_cli.ts";
import { storedRun } from "../support/stored_run.ts";

/**
 * Three custom checks that each try to reach the world and report what happened: "pass" with
 * what they got when the attempt succeeded, "fail" with the error when it was denied.
 */
function probeSuite(port: number): string {
  return `import { custom, defineSuite } from "${ROOT}/mod.ts";
async function attempt(reach) {
  try {
    return { status: "pass", reason: "reached: " + String(await reach()) };
  } catch (error) {
    return { status: "fail", reason: error.name + ": " + error.message };
  }
}
export const suite = defineSuite({
  name: "sandbox",
  target: () => "out",
  assertions: [
    custom({ name: "reads-a-file", check: () => attempt(() => Deno.readTextFile(new URL("./secret.txt", import.meta.url))) }),
    custom({ name: "reads-a-variable", check: () => attempt(() => {
      const value = Deno.env.get("DIGLINE_SANDBOX_PROBE");
      if (value === undefined) throw new Error("unset");
      return value;
    }) }),
    custom({ name: "reaches-the-network", check: () => attempt(async () => (await fetch("http://127.0.0.1:${port}/")).text()) }),
  ],
  cases: [{ id: "a" }],
});
`;
}

interface StoredVerdict {
  assertion: string;
  status: string;
  reason?: string;
  metadata: Record<string, unknown>;
}

/** Runs the suite and returns the cases of the run document it stored. */
async function runStored(
  cwd: string,
  env: Record<string, string> = {},
): Promise<{ case_id: string; verdicts: StoredVerdict[] }[]> {
  const run = await cli(["run", "suite.ts", "--json"], { cwd, env });
  const summary = JSON.parse(run.stdout);
  // A run with an errored check is stored and exits 2; one without exits 0.
  assertEquals(run.code, summary.checks.error.length > 0 ? 2 : 0, run.stderr);
  return (await storedRun(cwd, summary.path)).cases;
}

Deno.test("a custom check can not read a file, a variable or the network; the same code can outside the sandbox", async () => {
  const server = Deno.serve(
    { hostname: "127.0.0.1", port: 0, onListen() {} },
    () => new Response("the network"),
  );
  try {
    const cwd = await workspace({
      "suite.ts": probeSuite(server.addr.port),
      "secret.txt": "the file",
    });
    const env = { DIGLINE_SANDBOX_PROBE: "the variable" };
    const verdicts = (await runStored(cwd, env))[0].verdicts;
    assertEquals(verdicts.map((v) => v.assertion).sort(), [
      "reaches-the-network",
      "reads-a-file",
      "reads-a-variable",
    ]);
    for (const verdict of verdicts) {
      assertEquals(verdict.status, "fail", `${verdict.assertion}: ${verdict.reason}`);
      match(verdict.reason ?? "", /NotCapable|Requires/, verdict.assertion);
    }

    // The same checks, run by this test's process (which holds the grants), reach all three.
    Deno.env.set("DIGLINE_SANDBOX_PROBE", "the variable");
    const module = await import(pathToFileURL(join(cwd, "suite.ts")).href);
    const testCase = { id: "a", kind: "normal", vars: {} };
    const reached = [];
    for (const assertion of module.suite.assertions) {
      reached.push(await assertion.check({ output: "out", testCase }));
    }
    assertEquals(reached.map((r) => r.reason).sort(), [
      "reached: the file",
      "reached: the network",
      "reached: the variable",
    ]);
  } finally {
    Deno.env.delete("DIGLINE_SANDBOX_PROBE");
    await server.shutdown();
  }
});

Deno.test("a custom check that never finishes is stopped at timeout_ms as an errored verdict, and the others still answer", async () => {
  const cwd = await workspace({
    "suite.ts": `import { custom, defineSuite } from "${ROOT}/mod.ts";
export const suite = defineSuite({
  name: "stuck",
  target: { fn: () => "out", name: "out", timeout_ms: 500 },
  assertions: [
    custom({ name: "loops", check: ({ testCase }) => { if (testCase.id === "a") for (;;) {} return true; } }),
    custom({ name: "never-settles", check: ({ testCase }) => testCase.id === "b" ? new Promise(() => {}) : true }),
    custom({ name: "answers", check: ({ output }) => output === "out" }),
  ],
  cases: [{ id: "a" }, { id: "b" }, { id: "c" }],
});
`,
  });
  const cases = await runStored(cwd);
  const status = (id: string, name: string) =>
    cases.find((c) => c.case_id === id)!.verdicts.find((v) => v.assertion === name)!;
  assertEquals(status("a", "loops").status, "error");
  assertEquals(status("a", "loops").metadata.check_timed_out, true);
  assertEquals(status("b", "never-settles").status, "error");
  assertEquals(status("b", "never-settles").metadata.check_timed_out, true);
  for (const id of ["a", "b", "c"]) assertEquals(status(id, "answers").status, "pass");
  assertEquals(status("c", "loops").status, "pass");
});

Deno.test("a suite module that reads a file at its top level is refused (64): its custom checks run with no permissions", async () => {
  const cwd = await workspace({
    "suite.ts": `import { custom, defineSuite } from "${ROOT}/mod.ts";
const words = Deno.readTextFileSync(new URL("./words.txt", import.meta.url)).split("\\n");
export const suite = defineSuite({
  name: "reads",
  target: () => "out",
  assertions: [custom({ name: "known", check: ({ output }) => words.includes(output) })],
  cases: [{ id: "a" }],
});
`,
    "words.txt": "out\n",
  });
  const run = await cli(["run", "suite.ts"], { cwd });
  assertEquals(run.code, 64, run.stderr);
  assertEquals(run.stderr.trim().split("\n").length, 1, run.stderr);
  match(run.stderr, /suite\.ts/);
  match(run.stderr, /no permissions/);
  ok(!run.stderr.includes("    at "), run.stderr);
});

Deno.test("an MCP run asks custom checks in the sandbox too", async () => {
  const server = Deno.serve(
    { hostname: "127.0.0.1", port: 0, onListen() {} },
    () => new Response("the network"),
  );
  try {
    const cwd = await workspace({
      "suite.ts": probeSuite(server.addr.port),
      "secret.txt": "the file",
    });
    const session = await connect(cwd);
    try {
      const { envelope } = await call(session, "run", { suite_file: "suite.ts" });
      assertEquals(envelope.exit_code, 0, JSON.stringify(envelope));
      const path = (envelope.document as { path: string }).path;
      const stored = JSON.parse(await Deno.readTextFile(join(cwd, path)));
      for (const verdict of stored.cases[0].verdicts as StoredVerdict[]) {
        assertEquals(verdict.status, "fail", `${verdict.assertion}: ${verdict.reason}`);
        match(verdict.reason ?? "", /NotCapable|Requires/, verdict.assertion);
      }
    } finally {
      await session.close();
    }
  } finally {
    await server.shutdown();
  }
});

Deno.test("a custom check that leaves a looping timer behind does not hold the run: the checks after it are asked of a fresh sandbox", async () => {
  const cwd = await workspace({
    "suite.ts": `import { custom, defineSuite } from "${ROOT}/mod.ts";
export const suite = defineSuite({
  name: "poisoned",
  target: { fn: () => "out", name: "out", timeout_ms: 400, concurrency: 1 },
  assertions: [
    custom({ name: "poisons", check: ({ testCase }) => {
      if (testCase.id === "a") setTimeout(() => { for (;;) {} }, 0);
      return true;
    } }),
  ],
  cases: [{ id: "a" }, { id: "b" }, { id: "c" }],
});
`,
  });
  const cases = await runStored(cwd);
  assertEquals(
    cases.map((c) => [c.case_id, c.verdicts[0].status]),
    [["a", "pass"], ["b", "pass"], ["c", "pass"]],
  );
});

Deno.test("a custom check can not post verdicts for the other cases' checks: each verdict is the answer to its own case", async () => {
  const cwd = await workspace({
    "suite.ts": `import { custom, defineSuite } from "${ROOT}/mod.ts";
import { parentPort, workerData } from "node:worker_threads";
export const suite = defineSuite({
  name: "forging",
  target: { fn: () => "out", name: "out", concurrency: 8 },
  assertions: [
    custom({ name: "strict", check: async ({ testCase }) => {
      await new Promise((resolve) => setTimeout(resolve, testCase.id === "a" ? 50 : 1500));
      return { status: "fail", reason: "never right" };
    } }),
    custom({ name: "forger", check: async ({ testCase }) => {
      if (testCase.id !== "a") return true;
      for (let id = 0; id < 200; id++) {
        const answer = { status: "pass", reason: "forged" };
        for (const post of [
          () => self.postMessage({ id, answer }),
          () => Object.getPrototypeOf(self).postMessage.call(self, { id, answer }),
          () => parentPort.postMessage({ id, answer }),
          () => workerData.port.postMessage({ id, answer }),
        ]) {
          try { post(); } catch { /* refused */ }
        }
      }
      return true;
    } }),
  ],
  cases: [{ id: "a" }, { id: "b" }, { id: "c" }, { id: "d" }],
});
`,
  });
  const cases = await runStored(cwd);
  const strict = cases.map((c) => c.verdicts.find((v) => v.assertion === "strict")!);
  assertEquals(strict.map((v) => [v.status, v.reason]), [
    ["fail", "never right"],
    ["fail", "never right"],
    ["fail", "never right"],
    ["fail", "never right"],
  ]);
});

/**
 * Runs the CLI in `cwd`, sampling its peak resident memory (VmHWM) while it runs. The sampling
 * runs in a `deno eval` of its own: reading another process's /proc entry takes all permissions.
 */
async function runMeasured(
  args: string[],
  cwd: string,
): Promise<{ code: number; stdout: string; stderr: string; peakMb: number }> {
  const measure = `
const child = new Deno.Command(Deno.execPath(), {
  args: ${JSON.stringify(cliCommandArgs(args))},
  stdout: "piped",
  stderr: "piped",
  env: { NO_COLOR: "1" },
}).spawn();
let peakKb = 0;
const timer = setInterval(() => {
  try {
    const status = Deno.readTextFileSync("/proc/" + child.pid + "/status");
    peakKb = Math.max(peakKb, Number(/VmHWM:\\s+(\\d+)/.exec(status)?.[1] ?? 0));
  } catch { /* gone */ }
}, 20);
const out = await child.output();
clearInterval(timer);
const decoder = new TextDecoder();
console.log(JSON.stringify({
  code: out.code,
  stdout: decoder.decode(out.stdout),
  stderr: decoder.decode(out.stderr),
  peakMb: peakKb / 1024,
}));
`;
  const out = await new Deno.Command(Deno.execPath(), { args: ["eval", measure], cwd }).output();
  return JSON.parse(new TextDecoder().decode(out.stdout));
}

Deno.test("a custom check that allocates without end is stopped at the sandbox's heap: an errored verdict, and the run is stored", async () => {
  const cwd = await workspace({
    "suite.ts": `import { custom, defineSuite } from "${ROOT}/mod.ts";
export const suite = defineSuite({
  name: "bomb",
  target: { fn: () => "out", name: "out", timeout_ms: 3000 },
  assertions: [
    custom({ name: "bomb", check: ({ testCase }) => {
      if (testCase.id !== "a") return true;
      const keep = [];
      for (let i = 0; ; i++) keep.push(new Array(1e6).fill(i));
    } }),
  ],
  cases: [{ id: "a" }, { id: "b" }],
});
`,
  });
  const run = await runMeasured(["run", "suite.ts", "--json"], cwd);
  assertEquals(run.code, 2, run.stderr);
  // The process holds about 150 MB before the checks; the sandbox's heap adds at most 256.
  ok(run.peakMb < 640, `peak resident memory ${Math.round(run.peakMb)} MB`);
  const cases = (await storedRun(cwd, JSON.parse(run.stdout).path)).cases as {
    case_id: string;
    verdicts: StoredVerdict[];
  }[];
  const verdict = (id: string) => cases.find((c) => c.case_id === id)!.verdicts[0];
  assertEquals(verdict("a").status, "error");
  match(verdict("a").reason ?? "", /stopped/);
  assertEquals(verdict("b").status, "pass");
});

Deno.test("a custom check can not import what its module was not loaded with: a suite whose checks' code holds a dynamic import() is refused (64) before any call, and no name reaches the registry", async () => {
  const asked: string[] = [];
  const registry = Deno.serve(
    { hostname: "127.0.0.1", port: 0, onListen() {} },
    (request) => {
      asked.push(new URL(request.url).pathname);
      return new Response("{}", { status: 404 });
    },
  );
  try {
    const cwd = await workspace({
      "helper.ts":
        `export async function load(name: string) {\n  return await import /* hidden */ (name);\n}\n`,
      "suite.ts": `import { custom, defineSuite } from "${ROOT}/mod.ts";
import { load } from "./helper.ts";
export const suite = defineSuite({
  name: "leaking",
  target: () => "out",
  assertions: [custom({ name: "leaks", check: async ({ output }) => {
    try { await load("npm:digline-leak-" + output); } catch { /* not found */ }
    return true;
  } })],
  cases: [{ id: "a" }],
});
`,
    });
    const run = await cli(["run", "suite.ts"], {
      cwd,
      env: { NPM_CONFIG_REGISTRY: `http://127.0.0.1:${registry.addr.port}/` },
    });
    assertEquals(run.code, 64, run.stderr);
    // With its registry moved, Deno says it looks digline's own packages up again.
    const said = run.stderr.trim().split("\n").filter((line) => !line.startsWith("Download "));
    assertEquals(said.length, 1, run.stderr);
    match(run.stderr, /helper\.ts:2/);
    match(run.stderr, /dynamic import/);
    assertEquals(asked.filter((path) => path.includes("digline-leak")), []);
    ok(!(await Deno.stat(join(cwd, ".digline", "default", "runs")).then(() => true, () => false)));
  } finally {
    await registry.shutdown();
  }
});
