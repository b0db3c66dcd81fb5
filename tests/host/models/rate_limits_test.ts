import assert from "node:assert/strict";
import { type Pace, RateLimiter } from "../../../host/models/rate_limiter.ts";
import { openaiCompletion, startMockServer } from "../../fixtures/models/mock_server.ts";
import { connection, providerSpec, testPool } from "../../fixtures/models/suites.ts";
import { runModelCases } from "./_run.ts";

/** A clock that moves only when something sleeps. */
function fakePace(): Pace & { waits: number[]; advance(ms: number): void } {
  let now = 0;
  const waits: number[] = [];
  return {
    waits,
    now: () => now,
    advance: (ms) => {
      now += ms;
    },
    sleep: (ms) => {
      waits.push(ms);
      return Promise.resolve();
    },
  };
}

const signal = new AbortController().signal;

Deno.test("requests_per_minute spaces request starts evenly, in the order they asked", async () => {
  const pace = fakePace();
  const limiter = new RateLimiter({ requests_per_minute: 60 }, pace);
  const waits = await Promise.all([1, 2, 3, 4].map(() => limiter.acquire(0, signal)));
  assert.deepEqual(waits, [0, 1000, 2000, 3000]);
  pace.advance(10_000);
  assert.equal(await limiter.acquire(0, signal), 0);
});

Deno.test("tokens_per_minute waits for the bucket to refill, and settles estimates against reported usage", async () => {
  const pace = fakePace();
  const limiter = new RateLimiter({ tokens_per_minute: 6000 }, pace);
  assert.equal(await limiter.acquire(4000, signal), 0);
  // 2,000 left; 3,000 more is 1,000 short, which takes 10 s at 100 tokens a second.
  assert.equal(await limiter.acquire(3000, signal), 10_000);
  // The first call used only 1,000 of its 4,000: the rest comes back at once.
  limiter.settle(4000, 1000);
  assert.equal(await limiter.acquire(2000, signal), 0);
});

Deno.test("a request larger than a minute's tokens still goes, once the bucket is full", async () => {
  const pace = fakePace();
  const limiter = new RateLimiter({ tokens_per_minute: 1000 }, pace);
  assert.equal(await limiter.acquire(50_000, signal), 0);
  assert.equal(await limiter.acquire(500, signal), 30_000);
});

Deno.test("a waiting request gives up when the run is cancelled", async () => {
  const limiter = new RateLimiter({ requests_per_minute: 1 }, {
    now: () => 0,
    sleep: (_ms, s) =>
      new Promise((_, reject) => s.addEventListener("abort", () => reject(s.reason))),
  });
  await limiter.acquire(0, signal);
  const stop = new AbortController();
  const waiting = limiter.acquire(0, stop.signal);
  stop.abort(new Error("cancelled"));
  await assert.rejects(waiting, /cancelled/);
});

Deno.test("clients of one endpoint share a limiter holding the lowest limit either declared", async () => {
  const pace = fakePace();
  const pool = testPool({ pace });
  const base = { provider: "openai" as const, base_url: "http://127.0.0.1:9/v1", model: "m" };
  const target = pool.client(connection({ ...base, requests_per_minute: 120 }), {
    role: "target",
    who: "the target",
  });
  const judge = pool.client(connection({ ...base, requests_per_minute: 30 }), {
    role: "judge",
    who: "judge",
  });
  const other = pool.client(connection({ ...base, model: "other", requests_per_minute: 30 }), {
    role: "judge",
    who: "judge",
  });
  await target.ready(0, signal);
  await judge.ready(0, signal);
  await other.ready(0, signal);
  assert.deepEqual(pace.waits, [2000]);
});

Deno.test("queueing for a rate limit does not count against the attempt's timeout", async () => {
  const server = startMockServer(() => openaiCompletion("ok"));
  try {
    const results = await runModelCases(
      [1, 2, 3].map((i) => ({ id: `c${i}`, vars: { question: "q" } })),
      {
        // 600 a minute is one every 100 ms: the third case queues 200 ms, past its 150 ms timeout.
        target: providerSpec({
          provider: "openai",
          base_url: `${server.url}/v1`,
          requests_per_minute: 600,
        }),
        settings: { concurrency: 3, timeout_ms: 150 },
      },
    );
    assert.deepEqual(results.map((r) => r.output), ["ok", "ok", "ok"]);
    assert.equal(server.requests.length, 3);
  } finally {
    await server.close();
  }
});
