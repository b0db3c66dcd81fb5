import assert from "node:assert/strict";
import { fileURLToPath } from "node:url";
import { executeCases } from "../../../host/running/driver.ts";
import { openTarget, TargetShapeError, TransportError } from "../../../host/targets/mod.ts";
import { testSuite } from "../../fixtures/targets/suites.ts";

const fixtureUrl = new URL("../../fixtures/targets/module_target.ts", import.meta.url);
const fixturePath = fileURLToPath(fixtureUrl);
const fixturesDir = fileURLToPath(new URL("../../fixtures/targets/", import.meta.url));

function signal(): AbortSignal {
  return new AbortController().signal;
}

function moduleTarget(module: string, exportName: string, suiteDir = "/nowhere") {
  return openTarget({ kind: "module", module, name: module, export: exportName }, { suiteDir });
}

Deno.test("a module target calls the named export, given by absolute path, file URL or relative path", async () => {
  for (
    const target of [
      moduleTarget(fixturePath, "shout"),
      moduleTarget(fixtureUrl.href, "shout"),
      moduleTarget("module_target.ts", "shout", fixturesDir),
      moduleTarget("./targets/module_target.ts", "shout", `${fixturesDir}/..`),
    ]
  ) {
    assert.equal(await target.call({ text: "loud" }, { signal: signal() }), "LOUD");
    await target.close();
  }
});

Deno.test("a module export that returns an object is written out as JSON", async () => {
  const target = moduleTarget(fixturePath, "classify");
  assert.equal(
    await target.call({ text: "good food" }, { signal: signal() }),
    '{"label":"positive","length":9}',
  );
});

Deno.test("a module with no such export is refused, naming the module, the export and what it has", async () => {
  const target = moduleTarget(fixturePath, "predict");
  await assert.rejects(target.call({}, { signal: signal() }), (error: unknown) => {
    assert.ok(error instanceof TargetShapeError);
    assert.equal(error.export, "predict");
    assert.equal(
      error.message,
      `Target module "${fixturePath}" has no export "predict": its exports are "classify", ` +
        `"explode", "notAFunction", "shout", "waitForAbort"; set the target's export to the ` +
        "function that answers a case",
    );
    return true;
  });
});

Deno.test("a module export that is not a function is refused", async () => {
  const target = moduleTarget("not_a_target.ts", "answer", fixturesDir);
  await assert.rejects(target.call({}, { signal: signal() }), (error: unknown) => {
    assert.ok(error instanceof TargetShapeError);
    assert.equal(
      error.message,
      'Target module "not_a_target.ts" exports "answer" as a string, not a function: ' +
        `its exports are "answer", "version"; set the target's export to the function that ` +
        "answers a case",
    );
    return true;
  });
});

Deno.test("a module that can not be loaded is refused, naming it", async () => {
  const target = moduleTarget("missing_module.ts", "default", fixturesDir);
  await assert.rejects(target.call({}, { signal: signal() }), (error: unknown) => {
    assert.ok(error instanceof TargetShapeError);
    assert.match(error.message, /^Cannot load target module "missing_module.ts": /);
    return true;
  });
});

Deno.test("an error thrown by the module export is a transport error carrying its message", async () => {
  const target = moduleTarget(fixturePath, "explode");
  await assert.rejects(target.call({}, { signal: signal() }), (error: unknown) => {
    assert.ok(error instanceof TransportError);
    assert.equal(error.message, 'module export "explode" threw: the backend is down');
    return true;
  });
});

Deno.test("the module export is handed the call's signal, and an abort reports the driver's reason", async () => {
  const target = moduleTarget(fixturePath, "waitForAbort");
  const controller = new AbortController();
  const call = target.call({}, { signal: controller.signal });
  setTimeout(() => controller.abort(new TransportError("timed out after 5 ms")), 5);
  await assert.rejects(call, { name: "TransportError", message: "timed out after 5 ms" });
});

Deno.test("a module that is not a usable target stops the run instead of giving errored verdicts", async () => {
  const suite = testSuite([{ id: "a", vars: {} }, { id: "b", vars: {} }], {
    settings: { retries: 3 },
    target: { kind: "module", module: fixturePath, name: "target.ts", export: "notAFunction" },
  });
  const target = openTarget(suite.target, { suiteDir: "." });
  await assert.rejects(executeCases(suite, { target }), TargetShapeError);
});
