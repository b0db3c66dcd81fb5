import assert from "node:assert/strict";
import { openTarget, TransportError } from "../../../host/targets/mod.ts";
import type { TargetFunction } from "../../../core/suite/target_spec.ts";

function functionTarget(fn: TargetFunction) {
  return openTarget({ kind: "function", name: "bot", fn }, { suiteDir: "." });
}

function call(fn: TargetFunction, vars = {}): Promise<string> {
  return functionTarget(fn).call(vars, { signal: new AbortController().signal });
}

Deno.test("a function target returns what the function answers, sync or async", async () => {
  assert.equal(await call((vars) => `hi ${vars.name}`, { name: "ada" }), "hi ada");
  assert.equal(await call(async () => await Promise.resolve("later")), "later");
});

Deno.test("a function target writes a non-string answer as JSON and refuses no answer at all", async () => {
  assert.equal(await call((() => ({ label: 1 })) as unknown as TargetFunction), '{"label":1}');
  await assert.rejects(call((() => undefined) as unknown as TargetFunction), {
    name: "TransportError",
    message: 'target function "bot" returned undefined instead of a string',
  });
});

Deno.test("a function that throws is a transport error carrying its message", async () => {
  await assert.rejects(
    call(() => {
      throw new Error("rate limited");
    }),
    (error: unknown) => {
      assert.ok(error instanceof TransportError);
      assert.equal(error.message, 'target function "bot" threw: rate limited');
      assert.ok(error.cause instanceof Error);
      return true;
    },
  );
});

Deno.test("a TransportError thrown by the function keeps its own message", async () => {
  await assert.rejects(
    call(() => {
      throw new TransportError("the upstream answered 429");
    }),
    { name: "TransportError", message: "the upstream answered 429" },
  );
});

Deno.test("a function target hands the function the call's signal", async () => {
  const controller = new AbortController();
  let seen: AbortSignal | undefined;
  await functionTarget((_vars, context) => {
    seen = context.signal;
    return "x";
  }).call({}, { signal: controller.signal });
  assert.equal(seen, controller.signal);
});
