import { deepStrictEqual as assertEquals, ok } from "node:assert/strict";
import { join } from "node:path";
import { spawnCli, workspace } from "./_cli.ts";

Deno.test("a module export that never answers and ignores its signal is stopped at timeout_ms as errored, and the other cases still answer", async () => {
  const cwd = await workspace({
    "system.ts": `export function answer(vars) {
  return vars.n === 1 ? new Promise(() => {}) : "fine";
}
`,
    "suite.toml": `name = "hangs"

[target]
module = "system.ts"
export = "answer"
timeout_ms = 300
retries = 0
concurrency = 2

[[assertions]]
name = "says-fine"
kind = "equals"

[[cases]]
id = "hang"
vars = { n = 1 }
expected = "fine"

[[cases]]
id = "answers"
vars = { n = 2 }
expected = "fine"
`,
  });
  const child = spawnCli(["run", "suite.toml"], { cwd, stderr: "piped" });
  // A call left waiting would hold the run forever: the test stops it and fails instead.
  let timer: ReturnType<typeof setTimeout> | undefined;
  const stuck = new Promise<"stuck">((resolve) => {
    timer = setTimeout(() => resolve("stuck"), 60_000);
  });
  const status = await Promise.race([child.status, stuck]);
  clearTimeout(timer);
  if (status === "stuck") {
    child.kill("SIGKILL");
    await child.status;
  }
  const stderr = new TextDecoder().decode((await child.output()).stderr);
  ok(status !== "stuck", "the run did not finish within 60 s");
  // An errored verdict: the run is stored and exits 2.
  assertEquals(status.code, 2, stderr);
  const runs = join(cwd, ".digline", "default", "runs", "hangs");
  const [file] = [...Deno.readDirSync(runs)].map((e) => e.name).filter((n) => n.endsWith(".json"));
  const run = JSON.parse(await Deno.readTextFile(join(runs, file)));
  const verdicts = Object.fromEntries(
    run.cases.map((c: { case_id: string; verdicts: { status: string; reason?: string }[] }) => [
      c.case_id,
      c.verdicts[0],
    ]),
  );
  assertEquals(verdicts.answers.status, "pass");
  assertEquals(verdicts.hang.status, "error");
  ok(/timed out after 300 ms/.test(verdicts.hang.reason), verdicts.hang.reason);
});
