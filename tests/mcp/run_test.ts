import { deepStrictEqual as assertEquals, ok } from "node:assert/strict";
import { join } from "node:path";
import { ROOT, SMALL_SUITE, smallSystem, workspace } from "../cli/_cli.ts";
import { call, connect, firstText } from "./_mcp.ts";
import type { Progress } from "./_sdk.ts";

Deno.test("run reports progress after each case while it runs, when the client asks", async () => {
  const cwd = await workspace({
    "suite.toml": SMALL_SUITE.replace("retries = 0", "retries = 0\nconcurrency = 1"),
    "system.ts": `export async function answer(vars) {
  await new Promise((resolve) => setTimeout(resolve, 150));
  return "a" + vars.n;
}
`,
  });
  const session = await connect(cwd);
  try {
    const seen: { progress: Progress; at: number }[] = [];
    const { envelope } = await call(session, "run", { suite_file: "suite.toml" }, {
      onprogress: (progress) => seen.push({ progress, at: performance.now() }),
    });
    const answeredAt = performance.now();
    assertEquals(envelope.exit_code, 0);
    assertEquals(seen.map((s) => [s.progress.progress, s.progress.total]), [[1, 3], [2, 3], [
      3,
      3,
    ]]);
    assertEquals(seen[0].progress.message, "1/3 cases");
    // The first case finished a good while before the run did: progress arrived during it.
    ok(
      answeredAt - seen[0].at > 200,
      `first progress ${answeredAt - seen[0].at} ms before the end`,
    );
  } finally {
    await session.close();
  }
});

Deno.test("each run measures the system as it is now, not as the server first imported it", async () => {
  const cwd = await workspace({ "suite.toml": SMALL_SUITE, "system.ts": smallSystem() });
  const session = await connect(cwd);
  try {
    const before = await call(session, "run", { suite_file: "suite.toml" });
    assertEquals((before.envelope.document?.checks as { fail: string[] }).fail, []);
    await Deno.writeTextFile(join(cwd, "system.ts"), smallSystem({ wrong: [1] }));
    const after = await call(session, "run", { suite_file: "suite.toml" });
    assertEquals((after.envelope.document?.checks as { fail: string[] }).fail, ["one · correct"]);
  } finally {
    await session.close();
  }
});

Deno.test("a suite fixed after it threw while loading runs on the next call", async () => {
  const broken = `import { defineSuite, equals } from "${ROOT}/mod.ts";
throw new Error("not yet");
export const suite = defineSuite({
  name: "x",
  target: () => "a",
  assertions: [equals({ name: "exact" })],
  cases: [{ id: "a", expected: "a" }],
});
`;
  const cwd = await workspace({ "suite.ts": broken });
  const session = await connect(cwd);
  try {
    const first = await call(session, "run", { suite_file: "suite.ts" });
    assertEquals(first.envelope.exit_code, 64, firstText(first.result));
    await Deno.writeTextFile(join(cwd, "suite.ts"), broken.replace(/^throw .*\n/m, ""));
    const second = await call(session, "run", { suite_file: "suite.ts" });
    assertEquals(second.envelope.exit_code, 0, firstText(second.result));
  } finally {
    await session.close();
  }
});

Deno.test("a system that prints to stdout does not break the protocol", async () => {
  const cwd = await workspace({
    "suite.toml": SMALL_SUITE,
    "system.ts": `export function answer(vars) {
  console.log("debug output from the system", vars.n);
  console.info({ n: vars.n });
  return "a" + vars.n;
}
`,
  });
  const session = await connect(cwd);
  try {
    const { envelope } = await call(session, "run", { suite_file: "suite.toml" });
    assertEquals(envelope.exit_code, 0);
    assertEquals((await call(session, "list")).envelope.exit_code, 0);
    assertEquals(session.protocolErrors, []);
    ok(session.stderr().includes("debug output from the system"), session.stderr());
  } finally {
    await session.close();
  }
});

Deno.test("a run the client cancels stops and stores nothing; the server carries on", async () => {
  const cwd = await workspace({
    "suite.toml": SMALL_SUITE.replace("retries = 0", "retries = 0\nconcurrency = 1"),
    "system.ts": `export async function answer(vars) {
  await new Promise((resolve) => setTimeout(resolve, 400));
  return "a" + vars.n;
}
`,
  });
  const session = await connect(cwd);
  try {
    const controller = new AbortController();
    const started = session.client.callTool(
      { name: "run", arguments: { suite_file: "suite.toml" } },
      undefined,
      { signal: controller.signal, onprogress: () => controller.abort("enough") },
    );
    await started.then(() => assertEquals("answered", "cancelled"), () => {});
    // Long enough for the three cases to have finished had the run gone on.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    const listed = await call(session, "list");
    assertEquals(listed.envelope.document?.runs, []);
  } finally {
    await session.close();
  }
});
