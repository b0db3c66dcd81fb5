import assert from "node:assert/strict";
import { customAssertion } from "../../../core/suite/assertions/custom.ts";
import type { CaseResult } from "../../../core/run/run_document.ts";
import { CaseResultSchema } from "../../../core/run/run_document.ts";
import { executeCases, RunCancelledError } from "../../../host/running/driver.ts";
import {
  openTarget,
  type Target,
  TargetShapeError,
  TransportError,
} from "../../../host/targets/mod.ts";
import { functionSpec, standardAssertions, testSuite } from "../../fixtures/targets/suites.ts";

/** A Target from a plain async function, counting its calls. */
function countingTarget(
  fn: (vars: Record<string, unknown>, signal: AbortSignal) => Promise<string> | string,
): Target & { calls: number } {
  const target = {
    calls: 0,
    call(vars: Record<string, unknown>, options: { signal: AbortSignal }): Promise<string> {
      target.calls++;
      return Promise.resolve().then(() => fn(vars, options.signal));
    },
    close: () => Promise.resolve(),
  };
  return target;
}

function delay(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener("abort", () => {
      clearTimeout(timer);
      reject(signal.reason);
    }, { once: true });
  });
}

Deno.test("every case is asked every check and gets one verdict per check, stamped by assertion id", async () => {
  const suite = testSuite([
    { id: "a", vars: { text: "HELLO!" }, expected: "HELLO!" },
    { id: "b", vars: { text: "quiet" }, expected: "loud" },
  ]);
  const target = countingTarget((vars) => String(vars.text));
  const results = await executeCases(suite, { target });
  assert.equal(target.calls, 2);
  const ids = suite.assertions.map((a) => a.id);
  assert.deepEqual(results[0].verdicts.map((v) => [v.assertion_id, v.status]), [
    [ids[0], "pass"],
    [ids[1], "pass"],
    [ids[2], "pass"],
  ]);
  assert.deepEqual(results[1].verdicts.map((v) => v.status), ["fail", "fail", "fail"]);
  assert.equal(results[1].verdicts[0].assertion, "correct");
  assert.equal(results[0].output, "HELLO!");
  assert.equal(results[0].attempts, 1);
  for (const result of results) CaseResultSchema.parse(result);
});

Deno.test("a suspended case is not called and carries no verdict, its reason, and zero attempts", async () => {
  const suite = testSuite([
    { id: "live", vars: { text: "X!" }, expected: "X!" },
    { id: "parked", kind: "suspended", reason: "flaky upstream, ticket 12", vars: { text: "Y" } },
  ]);
  const target = countingTarget((vars) => String(vars.text));
  const results = await executeCases(suite, { target });
  assert.equal(target.calls, 1);
  assert.deepEqual(results[1], {
    case_id: "parked",
    kind: "suspended",
    verdicts: [],
    latency_ms: 0,
    attempts: 0,
    suspended_reason: "flaky upstream, ticket 12",
  });
});

Deno.test("a calibration case is asked only its one check; a canary is asked every check", async () => {
  const suite = testSuite([
    {
      id: "cal",
      kind: "calibration",
      check: "excited",
      expected_verdict: "pass",
      vars: { text: "A!" },
    },
    { id: "can", kind: "canary", vars: { text: "model-v3" }, expected: "model-v3" },
  ]);
  const results = await executeCases(suite, { target: countingTarget((v) => String(v.text)) });
  assert.deepEqual(results[0].verdicts.map((v) => v.assertion), ["excited"]);
  assert.equal(results[0].expected_verdict, "pass");
  assert.deepEqual(results[1].verdicts.map((v) => v.assertion), ["correct", "excited", "shouting"]);
  assert.equal(results[1].kind, "canary");
});

Deno.test("group and label are copied from the case onto its result", async () => {
  const suite = testSuite([
    { id: "g", vars: { text: "A" }, group: "yelp", label: 1 },
    { id: "plain", vars: { text: "B" } },
  ]);
  const results = await executeCases(suite, { target: countingTarget((v) => String(v.text)) });
  assert.equal(results[0].group, "yelp");
  assert.equal(results[0].label, "1");
  assert.equal("group" in results[1], false);
  assert.equal("label" in results[1], false);
});

Deno.test("results come back in declared order whatever order the cases finish in", async () => {
  const cases = Array.from({ length: 40 }, (_, i) => ({ id: `c${i}`, vars: { i } }));
  const suite = testSuite(cases, { settings: { concurrency: 8 } });
  const target = countingTarget(async (vars) => {
    const i = vars.i as number;
    await delay((i * 7) % 13);
    return `out-${i}`;
  });
  const results = await executeCases(suite, { target });
  assert.deepEqual(results.map((r) => r.case_id), cases.map((c) => c.id));
  assert.deepEqual(results.map((r) => r.output), cases.map((c) => `out-${c.vars.i}`));
});

Deno.test("no more than settings.concurrency calls are ever in flight, and the bound is used", async () => {
  let inFlight = 0;
  let peak = 0;
  const suite = testSuite(
    Array.from({ length: 60 }, (_, i) => ({ id: `c${i}`, vars: { i } })),
    {
      settings: { concurrency: 5 },
      target: functionSpec(async (vars) => {
        inFlight++;
        peak = Math.max(peak, inFlight);
        await delay(1 + ((vars.i as number) % 4));
        inFlight--;
        return "ok";
      }),
    },
  );
  const target = openTarget(suite.target, { suiteDir: "." });
  const results = await executeCases(suite, { target });
  assert.equal(results.length, 60);
  assert.equal(peak, 5);
});

Deno.test("a call that outlives timeout_ms is abandoned, retried, then errors every check naming the timeout", async () => {
  const suite = testSuite([{ id: "slow", vars: {} }], {
    settings: { timeout_ms: 30, retries: 1 },
  });
  const signals: AbortSignal[] = [];
  // Ignores its signal on purpose: the driver must not wait for a target that never answers.
  const target = countingTarget((_vars, signal) => {
    signals.push(signal);
    return new Promise<string>(() => {});
  });
  const [result] = await executeCases(suite, { target });
  assert.equal(target.calls, 2);
  assert.equal(result.attempts, 2);
  assert.equal(result.transport_error, "timed out after 30 ms");
  assert.equal("output" in result, false);
  assert.equal(result.verdicts.length, 3);
  for (const verdict of result.verdicts) {
    assert.equal(verdict.status, "error");
    assert.equal(verdict.reason, "the target failed after 2 attempts: timed out after 30 ms");
    assert.deepEqual(verdict.metadata, { transport: true });
  }
  assert.ok(signals.every((s) => s.aborted && s.reason instanceof TransportError));
});

Deno.test("each attempt gets its own timeout: slow cases time out and quick ones around them do not", async () => {
  const latencies = [5, 150, 10, 200, 0, 120, 15, 5];
  const suite = testSuite(
    latencies.map((ms, i) => ({ id: `c${i}`, vars: { ms } })),
    { settings: { timeout_ms: 80, retries: 0, concurrency: 3 } },
  );
  const target = countingTarget(async (vars, signal) => {
    await delay(vars.ms as number, signal);
    return "done";
  });
  const results = await executeCases(suite, { target });
  assert.deepEqual(
    results.map((r) => r.transport_error ?? r.output),
    latencies.map((ms) => (ms > 80 ? "timed out after 80 ms" : "done")),
  );
});

Deno.test("a transport failure is retried with exponential backoff and jitter, then succeeds", async () => {
  const suite = testSuite([{ id: "flaky", vars: { text: "OK!" }, expected: "OK!" }], {
    settings: { retries: 3, backoff_ms: 100 },
  });
  const target = countingTarget((vars) => {
    if (target.calls < 3) throw new TransportError("connection reset");
    return String(vars.text);
  });
  const pauses: number[] = [];
  const [result] = await executeCases(suite, {
    target,
    random: () => 0.5,
    sleep: (ms) => {
      pauses.push(ms);
      return Promise.resolve();
    },
  });
  assert.deepEqual(pauses, [112.5, 225]);
  assert.equal(result.attempts, 3);
  assert.equal(result.output, "OK!");
  assert.deepEqual(result.verdicts.map((v) => v.status), ["pass", "pass", "pass"]);
  assert.equal("transport_error" in result, false);
});

Deno.test("a target that answers with something other than text is a transport failure", async () => {
  const suite = testSuite([{ id: "a", vars: {} }], { settings: { retries: 0 } });
  const target = countingTarget(() => 42 as unknown as string);
  const [result] = await executeCases(suite, { target });
  assert.equal(result.transport_error, "the target answered with number, not text");
  assert.equal(result.verdicts.length, 3);
});

Deno.test("a failed check is never retried", async () => {
  const suite = testSuite([{ id: "wrong", vars: { text: "no" }, expected: "yes" }], {
    settings: { retries: 5 },
  });
  const target = countingTarget((vars) => String(vars.text));
  const [result] = await executeCases(suite, { target });
  assert.equal(target.calls, 1);
  assert.equal(result.attempts, 1);
  assert.equal(result.verdicts[0].status, "fail");
});

Deno.test("a check that throws gives an errored verdict naming it, and the other checks still run", async () => {
  const broken = customAssertion({
    name: "broken",
    check: () => {
      throw new Error("cannot parse rubric");
    },
  });
  const suite = testSuite([{ id: "a", vars: { text: "A!" }, expected: "A!" }], {
    assertions: [broken, ...standardAssertions()],
  });
  const [result] = await executeCases(suite, { target: countingTarget((v) => String(v.text)) });
  assert.deepEqual(result.verdicts[0], {
    assertion_id: broken.id,
    assertion: "broken",
    status: "error",
    reason: 'check "broken" threw: cannot parse rubric',
    metadata: { check_threw: true },
  });
  assert.deepEqual(result.verdicts.slice(1).map((v) => v.status), ["pass", "pass", "pass"]);
});

Deno.test("a check that returns something that is not a verdict gives an errored malformed_score verdict", async () => {
  const odd = customAssertion({
    name: "odd",
    check: () => ({ status: "maybe" }) as never,
  });
  const text = customAssertion({ name: "text", check: () => "pass" as never });
  const suite = testSuite([{ id: "a", vars: {} }], { assertions: [odd, text] });
  const [result] = await executeCases(suite, { target: countingTarget(() => "x") });
  assert.deepEqual(result.verdicts.map((v) => [v.assertion, v.status, v.metadata]), [
    ["odd", "error", { malformed_score: true }],
    ["text", "error", { malformed_score: true }],
  ]);
  assert.match(result.verdicts[0].reason ?? "", /check "odd" returned an object/);
  assert.match(result.verdicts[1].reason ?? "", /check "text" returned a string/);
});

Deno.test("booleans, Scores and arrays from a check become verdicts; nothing returned gives none", async () => {
  const yes = customAssertion({ name: "yes", check: () => true });
  const no = customAssertion({ name: "no", check: async () => await Promise.resolve(false) });
  const scored = customAssertion({
    name: "scored",
    check: () => ({
      status: "pass",
      score: 0.75,
      reason: "close enough",
      name: "shown-elsewhere",
      metadata: { judge: "m1" },
    }),
  });
  const twice = customAssertion({ name: "twice", check: () => [true, { status: "fail" }] });
  const silent = customAssertion({ name: "silent", check: () => undefined as never });
  const empty = customAssertion({ name: "empty", check: () => [] });
  const suite = testSuite([{ id: "a", vars: {} }], {
    assertions: [yes, no, scored, twice, silent, empty],
  });
  const [result] = await executeCases(suite, { target: countingTarget(() => "x") });
  assert.deepEqual(result.verdicts, [
    { assertion_id: yes.id, assertion: "yes", status: "pass", metadata: {} },
    { assertion_id: no.id, assertion: "no", status: "fail", metadata: {} },
    {
      assertion_id: scored.id,
      assertion: "scored",
      status: "pass",
      score: 0.75,
      reason: "close enough",
      metadata: { judge: "m1" },
    },
    { assertion_id: twice.id, assertion: "twice", status: "pass", metadata: {} },
    { assertion_id: twice.id, assertion: "twice", status: "fail", metadata: {} },
  ]);
});

Deno.test("latency is the wall time of the last attempt, from the injected clock, to 0.1 ms", async () => {
  const suite = testSuite([{ id: "a", vars: {} }], { settings: { retries: 1 } });
  const ticks = [1000, 1500, 2000, 2012.34];
  const target = countingTarget(() => {
    if (target.calls === 1) throw new TransportError("refused");
    return "x";
  });
  const [result] = await executeCases(suite, {
    target,
    now: () => ticks.shift() ?? 0,
  });
  assert.equal(result.latency_ms, 12.3);
  assert.equal(result.attempts, 2);
});

Deno.test("reused results are returned in place and their targets are not called again", async () => {
  const suite = testSuite([
    { id: "a", vars: { text: "A" } },
    { id: "b", vars: { text: "B" } },
    { id: "c", vars: { text: "C" } },
  ]);
  const journaled: CaseResult = {
    case_id: "b",
    kind: "normal",
    output: "from the journal",
    verdicts: [],
    latency_ms: 4,
    attempts: 1,
  };
  const target = countingTarget((v) => String(v.text));
  const reported: string[] = [];
  const progress: number[] = [];
  const results = await executeCases(suite, {
    target,
    reuse: new Map([["b", journaled]]),
    onCaseResult: (r) => {
      reported.push(r.case_id);
    },
    onCaseDone: (p) => progress.push(p.done),
  });
  assert.equal(target.calls, 2);
  assert.equal(results[1], journaled);
  assert.deepEqual(results.map((r) => r.output), ["A", "from the journal", "C"]);
  assert.deepEqual(reported.sort(), ["a", "c"]);
  assert.deepEqual(progress, [2, 3]);
});

Deno.test("each result is reported before its progress, and a worker asks its next case while its report is written", async () => {
  const suite = testSuite(
    Array.from({ length: 12 }, (_, i) => ({ id: `c${i}`, vars: { text: "E!" }, expected: "E!" })),
    { settings: { concurrency: 4 } },
  );
  const events: string[] = [];
  let writing = 0;
  let calling = 0;
  let most = 0;
  let overlapped = false;
  const target = countingTarget(async (vars) => {
    calling++;
    // Calls never exceed the workers, and a worker with a report pending may be calling.
    assert.ok(calling <= 4, `${calling} calls at once`);
    if (writing > 0) overlapped = true;
    await delay(1);
    calling--;
    return String(vars.text);
  });
  const results = await executeCases(suite, {
    target,
    onCaseResult: async (r) => {
      writing++;
      most = Math.max(most, writing);
      // A worker waits for its previous report before it reports again: one pending each.
      assert.ok(writing <= 4, `${writing} reports at once`);
      await delay(3);
      writing--;
      events.push(`result ${r.case_id}`);
    },
    onCaseDone: (p) => {
      events.push(`done ${p.caseId}`);
      assert.equal(p.total, 12);
      assert.equal(p.errored, 0);
    },
  });
  assert.equal(results.length, 12);
  assert.ok(most > 1, "reports that arrive together overlap, so a journal can batch them");
  assert.ok(overlapped, "a worker's next call starts before its report is written");
  // Every report settled before executeCases returned.
  assert.equal(writing, 0);
  for (const r of results) {
    assert.ok(events.indexOf(`result ${r.case_id}`) < events.indexOf(`done ${r.case_id}`));
    assert.ok(events.includes(`done ${r.case_id}`));
  }
});

Deno.test("what a report does before it returns is done before its worker's next call, so a kill loses no more than the calls in flight", async () => {
  const suite = testSuite(
    Array.from({ length: 30 }, (_, i) => ({ id: `c${i}`, vars: { text: "E!" }, expected: "E!" })),
    { settings: { concurrency: 3 } },
  );
  let called = 0;
  let journaled = 0;
  const target = countingTarget(async (vars) => {
    called++;
    // Every call started, less every line written, is a call in flight: never more than 3.
    assert.ok(called - journaled <= 3, `${called} calls for ${journaled} lines`);
    await delay(1);
    return String(vars.text);
  });
  await executeCases(suite, {
    target,
    onCaseResult: async () => {
      journaled++;
      // What is left to settle may overlap the next call; the line above may not.
      await delay(2);
    },
  });
  assert.equal(journaled, 30);
});

Deno.test("progress counts cases with an errored verdict", async () => {
  const suite = testSuite([
    { id: "ok", vars: { text: "A!" }, expected: "A!" },
    { id: "down", vars: { fail: true } },
  ], { settings: { concurrency: 1, retries: 0 } });
  const seen: number[] = [];
  await executeCases(suite, {
    target: countingTarget((vars) => {
      if (vars.fail) throw new TransportError("503");
      return String(vars.text);
    }),
    onCaseDone: (p) => seen.push(p.errored),
  });
  assert.deepEqual(seen, [0, 1]);
});

Deno.test("cancelling the run aborts the calls in flight and calls nothing more", async () => {
  const suite = testSuite(
    Array.from({ length: 50 }, (_, i) => ({ id: `c${i}`, vars: {} })),
    { settings: { concurrency: 2 } },
  );
  const controller = new AbortController();
  const target = countingTarget(async (_vars, signal) => {
    if (target.calls === 5) controller.abort();
    await delay(5, signal);
    return "x";
  });
  const finished: string[] = [];
  await assert.rejects(
    executeCases(suite, {
      target,
      signal: controller.signal,
      onCaseResult: (r) => {
        finished.push(r.case_id);
      },
    }),
    (error: unknown) => {
      assert.ok(error instanceof RunCancelledError);
      assert.equal(error.total, 50);
      assert.equal(error.done, finished.length);
      return true;
    },
  );
  assert.equal(target.calls, 5);
  assert.ok(finished.length <= 4);
});

Deno.test("a refusal from the target (not a transport failure) stops the run and is rethrown", async () => {
  const suite = testSuite(
    Array.from({ length: 20 }, (_, i) => ({ id: `c${i}`, vars: {} })),
    { settings: { concurrency: 3, retries: 4 } },
  );
  const target = countingTarget(() => {
    throw new TargetShapeError('Target module "m.ts" has no export "run": it has no exports', {
      module: "m.ts",
      export: "run",
    });
  });
  await assert.rejects(executeCases(suite, { target }), TargetShapeError);
  assert.ok(target.calls <= 3, `called ${target.calls} times`);
});

Deno.test("a journal that fails to write stops the run with its error", async () => {
  const suite = testSuite(Array.from({ length: 10 }, (_, i) => ({ id: `c${i}`, vars: {} })));
  await assert.rejects(
    executeCases(suite, {
      target: countingTarget(() => "x"),
      onCaseResult: () => {
        throw new Error("disk full");
      },
    }),
    /disk full/,
  );
});

Deno.test("5,000 cases all come back, once each, in order", async () => {
  const cases = Array.from({ length: 5000 }, (_, i) => ({
    id: `c${i}`,
    vars: { text: i % 2 ? "YES!" : "no" },
    expected: "YES!",
  }));
  const suite = testSuite(cases, { settings: { concurrency: 64 } });
  const target = countingTarget((vars) => String(vars.text));
  const results = await executeCases(suite, { target });
  assert.equal(target.calls, 5000);
  assert.equal(results.length, 5000);
  assert.ok(results.every((r, i) => r.case_id === `c${i}` && r.verdicts.length === 3));
});

Deno.test("a case result and its verdicts keep the key order the run is written in", async () => {
  // The run document and the journal are written in these objects' key order: results and
  // verdicts are written out field by field for memory, and must not reorder a stored run.
  const suite = testSuite([
    { id: "a", vars: { text: "same" }, expected: "same" },
    { id: "b", vars: { text: "quiet" }, expected: "loud" },
    { id: "c", vars: { text: "grouped" }, expected: "grouped", group: "g" },
  ]);
  const results = await executeCases(suite, {
    target: countingTarget((vars) => String(vars.text)),
  });
  assert.deepEqual(Object.keys(results[0]), [
    "case_id",
    "kind",
    "output",
    "verdicts",
    "latency_ms",
    "attempts",
  ]);
  assert.deepEqual(Object.keys(results[2]).slice(0, 4), ["case_id", "kind", "group", "output"]);
  assert.deepEqual(Object.keys(results[0].verdicts[0]), [
    "assertion_id",
    "assertion",
    "status",
    "metadata",
  ]);
  const failed = results[1].verdicts.find((v) => v.reason !== undefined);
  assert.ok(failed !== undefined);
  assert.deepEqual(Object.keys(failed), [
    "assertion_id",
    "assertion",
    "status",
    "reason",
    "metadata",
  ]);
});
