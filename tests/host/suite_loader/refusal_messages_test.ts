import { deepEqual, equal, match, ok } from "node:assert/strict";
import {
  AmbiguousRunError,
  AssertionShapeError,
  FileAccessError,
  NoBaselineError,
  PermissionRefusedError,
  PromoteRefusedError,
  RefusalError,
  RunNotFoundError,
  StoreDocumentError,
  SuiteLoadError,
  SuiteRaisedError,
  TargetShapeError,
  UsageError,
} from "../../../host/process/refusals.ts";

Deno.test("every refusal is a one-line sentence", () => {
  const refusals: Error[] = [
    new UsageError("Unknown flag --x"),
    new SuiteLoadError('case id "a" is declared twice', {
      file: "examples/x/suite.toml",
      line: 12,
      column: 1,
      key: '[[cases]] #3 key "id"',
    }),
    new SuiteRaisedError("suite.ts", {
      errorType: "RangeError",
      errorMessage: "bad",
      innermost: "lib.ts:3",
      suiteFrame: "suite.ts:9",
      reproduce: "deno eval \"await import('file:///w/suite.ts')\"",
    }),
    new FileAccessError("x.toml", { cause: new Deno.errors.NotFound("gone"), what: "suite" }),
    new PermissionRefusedError("x.toml", "read"),
    new RunNotFoundError("abc", { store: ".digline/default" }),
    new AmbiguousRunError("2026", ["a", "b"]),
    new NoBaselineError("support"),
    new PromoteRefusedError("r1", { reason: "errored", checks: ["a · correct"] }),
    new StoreDocumentError(".digline/default/runs/r1.json", "cases.0.verdicts: expected array"),
    new AssertionShapeError('Custom assertion "x" has no check function'),
  ];
  for (const refusal of refusals) {
    ok(refusal instanceof RefusalError, refusal.name);
    ok(!refusal.message.includes("\n"), refusal.message);
  }
});

Deno.test("a suite problem reads file:line:column, then the key, then what is wrong", () => {
  const error = new SuiteLoadError('case id "a" is declared twice', {
    file: "examples/x/suite.toml",
    line: 12,
    column: 1,
    key: '[[cases]] #3 key "id"',
  });
  equal(
    error.message,
    'examples/x/suite.toml:12:1: [[cases]] #3 key "id": case id "a" is declared twice',
  );
  equal(error.name, "SuiteLoadError");
  deepEqual(error.issues.length, 1);
});

Deno.test("a suite that raised names the type, both frames and the reproduce command", () => {
  const error = new SuiteRaisedError("suite.ts", {
    errorType: "RangeError",
    errorMessage: "PORT must be a number",
    innermost: "lib/env.ts:3",
    suiteFrame: "suite.ts:9",
    reproduce: "deno eval \"await import('file:///w/suite.ts')\"",
  });
  equal(
    error.message,
    "suite.ts: the suite raised RangeError while loading: PORT must be a number " +
      "(at lib/env.ts:3, from suite.ts:9); to see the full traceback run: " +
      "deno eval \"await import('file:///w/suite.ts')\"",
  );
});

Deno.test("an unreadable file says why in a few words", () => {
  const cases: [Error, string][] = [
    [new Deno.errors.NotFound("x"), "file not found"],
    [new Deno.errors.PermissionDenied("x"), "permission denied"],
    [new Deno.errors.IsADirectory("x"), "it is a directory"],
  ];
  for (const [cause, reason] of cases) {
    const error = new FileAccessError("x.toml", { cause, what: "suite" });
    equal(error.message, `Cannot read suite "x.toml": ${reason}`);
  }
});

Deno.test("a permission Deno refused names what was refused and the flag to add", () => {
  const denied = new Deno.errors.NotCapable(
    'Requires env access to "OPENAI_API_KEY", run again with the --allow-env flag',
  );
  const error = PermissionRefusedError.fromNotCapable(denied);
  deepEqual([error.path, error.access, error.flag], ["OPENAI_API_KEY", "env", "--allow-env"]);
  match(error.message, /add --allow-env=OPENAI_API_KEY to the command$/);
});

Deno.test("an ambiguous run prefix lists five candidates and counts the rest", () => {
  const ids = ["r1", "r2", "r3", "r4", "r5", "r6", "r7"];
  equal(
    new AmbiguousRunError("r", ids).message,
    'Run prefix "r" matches 7 runs (r1, r2, r3, r4, r5, and 2 more): give more of the id',
  );
});

Deno.test("a missing baseline says how to approve one", () => {
  match(new NoBaselineError("support").message, /digline promote RUN --because "\.\.\."$/);
});

Deno.test("the shape errors of assertions and targets are refusals", () => {
  ok(new AssertionShapeError("x") instanceof RefusalError);
  ok(new TargetShapeError("x", { module: "m.ts", export: "run" }) instanceof RefusalError);
});
