import { deepEqual, equal, match, ok } from "node:assert/strict";
import { CancelledError, DiglineError, RefusalError } from "../../../core/errors.ts";
import { decideFailure } from "../../../host/process/failure.ts";
import { RunCancelledError } from "../../../host/running/driver.ts";
import {
  AssertionShapeError,
  NoBaselineError,
  SuiteLoadError,
  TargetShapeError,
} from "../../../host/process/refusals.ts";

Deno.test("every refusal class exits 64 with its sentence and its own fields", () => {
  const failure = decideFailure(
    new SuiteLoadError("bad key", { file: "suite.toml", line: 3, column: 2 }),
  );
  equal(failure.exitCode, 64);
  equal(failure.kind, "refused");
  equal(failure.type, "SuiteLoadError");
  equal(failure.message, "suite.toml:3:2: bad key");
  equal(failure.trace, undefined);
  equal(failure.fields?.file, "suite.toml");
  equal(failure.fields?.line, 3);
  ok(!("exit_code" in (failure.fields ?? {})), "the exit code is not one of the refusal's fields");
  equal(decideFailure(new NoBaselineError("support")).exitCode, 64);
  equal(decideFailure(new AssertionShapeError("no check")).exitCode, 64);
  equal(
    decideFailure(new TargetShapeError("no export", { module: "t.ts", export: "run" })).exitCode,
    64,
  );
});

Deno.test("a refusal declared anywhere is one by its class alone, with no list to update", () => {
  class InventedRefusal extends RefusalError {}
  deepEqual(decideFailure(new InventedRefusal("Nope: do this instead")), {
    exitCode: 64,
    kind: "refused",
    type: "InventedRefusal",
    message: "Nope: do this instead",
  });
});

Deno.test("Deno's NotCapable is a refusal naming the flag that grants the access", () => {
  const failure = decideFailure(
    new Deno.errors.NotCapable(
      'Requires read access to "/secret/x.toml", run again with the --allow-read flag',
    ),
  );
  equal(failure.exitCode, 64);
  equal(failure.type, "PermissionRefusedError");
  match(failure.message, /--allow-read=\/secret\/x\.toml/);
});

Deno.test("a cancelled run exits 130 with one line", () => {
  const failure = decideFailure(new RunCancelledError({ done: 2, total: 5 }));
  equal(failure.exitCode, 130);
  equal(failure.kind, "cancelled");
  equal(failure.message, "The run was cancelled after 2 of 5 cases");
  ok(new RunCancelledError({ done: 0, total: 1 }) instanceof CancelledError);
});

Deno.test("anything else exits 70 with its trace: digline's own errors, built-ins, non-errors", () => {
  for (const thrown of [new DiglineError("bug"), new TypeError("x is undefined"), "a string", 42]) {
    const failure = decideFailure(thrown);
    equal(failure.exitCode, 70, String(thrown));
    equal(failure.kind, "unexpected");
    ok(failure.trace !== undefined && failure.trace.length > 0);
    equal(failure.fields, undefined);
  }
  match(decideFailure(new TypeError("x is undefined")).trace ?? "", /TypeError: x is undefined/);
  equal(decideFailure("a string").trace, "a string");
});

Deno.test("a PermissionDenied from the OS is not a refusal unless a reader translated it", () => {
  equal(decideFailure(new Deno.errors.PermissionDenied("EACCES")).exitCode, 70);
});
