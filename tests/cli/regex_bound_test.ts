import { deepStrictEqual as assertEquals, ok } from "node:assert/strict";
import { join } from "node:path";
import { cli, workspace } from "./_cli.ts";

Deno.test("no regex holds a run: linear-time where V8 can, else stopped at timeout_ms as errored", async () => {
  const cwd = await workspace({
    "system.ts": `export function answer(vars) {
  return vars.n === 1 ? "a".repeat(40) + "!" : "aaa";
}
`,
    "suite.toml": `name = "catastrophic"

[target]
module = "system.ts"
export = "answer"
timeout_ms = 1000
retries = 0

[[assertions]]
name = "shape"
kind = "regex"
pattern = "^(a+)+$"

[[assertions]]
name = "echo"
kind = "regex"
pattern = "^(a+)+\\\\1$"

[[assertions]]
name = "starts"
kind = "regex"
pattern = "^A"
flags = "i"

[[cases]]
id = "evil"
vars = { n = 1 }

[[cases]]
id = "fine"
vars = { n = 2 }
`,
  });
  const started = performance.now();
  const result = await cli(["run", "suite.toml"], { cwd });
  const seconds = (performance.now() - started) / 1000;
  // The catastrophic pattern errored at timeout_ms: the run is stored and exits 2.
  assertEquals(result.code, 2, result.stderr);
  // 40 characters take V8's backtracking engine hours; the bound is the 1 s timeout_ms.
  ok(seconds < 60, `took ${seconds.toFixed(1)} s`);
  const runs = join(cwd, ".digline", "default", "runs", "catastrophic");
  // The folder also keeps the runs' index (.index.jsonl), which is not a run.
  const [file] = [...Deno.readDirSync(runs)].map((e) => e.name).filter((n) => n.endsWith(".json"));
  const run = JSON.parse(await Deno.readTextFile(join(runs, file)));
  const verdicts = Object.fromEntries(
    run.cases.flatMap((
      c: { case_id: string; verdicts: { assertion: string; status: string; reason?: string }[] },
    ) => c.verdicts.map((v) => [`${c.case_id} ${v.assertion}`, v])),
  );
  // The digline task runs V8's linear-time engine, which answers this one at once.
  assertEquals(verdicts["evil shape"].status, "fail");
  // A backreference needs the backtracking engine: a Worker, stopped at the deadline.
  assertEquals(verdicts["evil echo"].status, "error");
  ok(/did not finish within timeout_ms \(1000 ms\)/.test(verdicts["evil echo"].reason));
  assertEquals(verdicts["fine echo"].status, "pass");
  assertEquals(verdicts["evil starts"].status, "pass");
  assertEquals(verdicts["fine shape"].status, "pass");
  assertEquals(verdicts["fine starts"].status, "pass");
});
