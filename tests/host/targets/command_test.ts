import assert from "node:assert/strict";
import { fileURLToPath } from "node:url";
import { executeCases } from "../../../host/running/driver.ts";
import { openTarget, TransportError } from "../../../host/targets/mod.ts";
import { testSuite } from "../../fixtures/targets/suites.ts";

const fixtures = fileURLToPath(new URL("../../fixtures/targets/", import.meta.url));
const echoUpper = [Deno.execPath(), "run", "--no-config", "--quiet", "echo_upper.ts"];

function signal(): AbortSignal {
  return new AbortController().signal;
}

Deno.test("a command target hands the vars to stdin as JSON and reads stdout without its final newline", async () => {
  const target = openTarget({ kind: "command", command: echoUpper, cwd: fixtures }, {
    suiteDir: "/nowhere",
  });
  assert.equal(await target.call({ text: "hello there" }, { signal: signal() }), "HELLO THERE");
  assert.equal(await target.call({ text: "crlf", crlf: true }, { signal: signal() }), "CRLF");
  // Only one newline is the program's line ending; a second one is part of the answer.
  assert.equal(await target.call({ text: "two", trailing: "\n" }, { signal: signal() }), "TWO\n");
  await target.close();
});

Deno.test("a command target runs in its cwd, read relative to the suite's folder", async () => {
  const suiteDir = fileURLToPath(new URL("../../fixtures/", import.meta.url));
  const target = openTarget({ kind: "command", command: ["sh", "-c", "pwd"], cwd: "targets" }, {
    suiteDir,
  });
  const output = await target.call({}, { signal: signal() });
  assert.equal(await Deno.realPath(output), await Deno.realPath(fixtures));
});

Deno.test("a command that exits non-zero names the exit code and the last line of stderr", async () => {
  const target = openTarget({
    kind: "command",
    command: [
      "sh",
      "-c",
      "echo partial; echo 'warming up' >&2; echo '  model not loaded  ' >&2; exit 3",
    ],
    cwd: ".",
  }, { suiteDir: "." });
  await assert.rejects(target.call({}, { signal: signal() }), (error: unknown) => {
    assert.ok(error instanceof TransportError);
    assert.equal(error.message, "the command exited 3: model not loaded");
    return true;
  });
});

Deno.test("a command's stderr line is cut to 200 characters, and silence is said so", async () => {
  const long = "x".repeat(500);
  const noisy = openTarget({
    kind: "command",
    command: ["sh", "-c", `echo ${long} >&2; exit 1`],
    cwd: ".",
  }, { suiteDir: "." });
  await assert.rejects(noisy.call({}, { signal: signal() }), (error: Error) => {
    assert.equal(error.message, `the command exited 1: ${"x".repeat(197)}...`);
    return true;
  });
  const quiet = openTarget({ kind: "command", command: ["sh", "-c", "exit 9"], cwd: "." }, {
    suiteDir: ".",
  });
  await assert.rejects(quiet.call({}, { signal: signal() }), {
    name: "TransportError",
    message: "the command exited 9 (nothing on stderr)",
  });
});

Deno.test("a command that can not be started is a transport error naming the command", async () => {
  const target = openTarget({ kind: "command", command: ["digline-no-such-program"], cwd: "." }, {
    suiteDir: ".",
  });
  await assert.rejects(target.call({}, { signal: signal() }), (error: unknown) => {
    assert.ok(error instanceof TransportError);
    assert.match(error.message, /^the command "digline-no-such-program" could not be started: /);
    return true;
  });
});

Deno.test("an aborted command is killed at once and reports the driver's reason", async () => {
  const target = openTarget({ kind: "command", command: ["sh", "-c", "exec sleep 30"], cwd: "." }, {
    suiteDir: ".",
  });
  const controller = new AbortController();
  const started = performance.now();
  setTimeout(() => controller.abort(new TransportError("timed out after 50 ms")), 50);
  await assert.rejects(target.call({}, { signal: controller.signal }), {
    name: "TransportError",
    message: "timed out after 50 ms",
  });
  assert.ok(performance.now() - started < 5_000);
});

Deno.test("a command target that exits non-zero is retried, then yields errored verdicts for every check", async () => {
  const suite = testSuite([{ id: "down", vars: { text: "hi" } }], {
    settings: { retries: 2, backoff_ms: 0 },
    target: { kind: "command", command: ["sh", "-c", "echo 'GPU on fire' >&2; exit 3"], cwd: "." },
  });
  const target = openTarget(suite.target, { suiteDir: "." });
  const [result] = await executeCases(suite, { target });
  await target.close();
  assert.equal(result.attempts, 3);
  assert.equal(result.transport_error, "the command exited 3: GPU on fire");
  assert.equal("output" in result, false);
  assert.deepEqual(
    result.verdicts.map((v) => [v.assertion, v.status, v.reason, v.metadata]),
    ["correct", "excited", "shouting"].map((name) => [
      name,
      "error",
      "the target failed after 3 attempts: the command exited 3: GPU on fire",
      { transport: true },
    ]),
  );
});

Deno.test("a command that outlives timeout_ms is killed by the driver and the case errors", async () => {
  const suite = testSuite([{ id: "hung", vars: {} }], {
    settings: { timeout_ms: 200, retries: 0 },
    target: { kind: "command", command: ["sh", "-c", "exec sleep 30"], cwd: "." },
  });
  const target = openTarget(suite.target, { suiteDir: "." });
  const started = performance.now();
  const [result] = await executeCases(suite, { target });
  await target.close();
  assert.ok(performance.now() - started < 5_000);
  assert.equal(result.transport_error, "timed out after 200 ms");
  assert.equal(result.attempts, 1);
});

Deno.test("a command target runs through the driver with real processes, in order", async () => {
  const suite = testSuite(
    ["a!", "b!", "c!"].map((text, i) => ({
      id: `c${i}`,
      vars: { text },
      expected: text.toUpperCase(),
    })),
    {
      settings: { concurrency: 2 },
      target: { kind: "command", command: echoUpper, cwd: fixtures },
    },
  );
  const target = openTarget(suite.target, { suiteDir: "." });
  const results = await executeCases(suite, { target });
  await target.close();
  assert.deepEqual(results.map((r) => r.output), ["A!", "B!", "C!"]);
  assert.ok(results.every((r) => r.verdicts.every((v) => v.status === "pass")));
});
