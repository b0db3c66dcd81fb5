// The README's test command on a machine without Chromium: the browser tests are skipped in one
// line that says how to get them, and the run passes; under CI (CI=true) they run, and fail. The
// harness is pointed at a browser that is not there (DIGLINE_CHROMIUM), so the path is the one a
// fresh machine takes, whatever this one has installed.
import { deepStrictEqual as assertEquals, match, ok } from "node:assert/strict";
import { ROOT } from "../cli/_cli.ts";
import { browserSkip } from "./browser.ts";

const BROWSER_TESTS = ["tests/cli/report_browser_test.ts", "tests/cli/viewer_browser_test.ts"];
const MISSING = "/nonexistent/digline-test/chromium";

/** `deno task test FILE...`, as the README gives it, with `env` added to this process's. */
async function taskTest(
  files: string[],
  env: Record<string, string>,
): Promise<{ code: number; lines: string[] }> {
  const out = await new Deno.Command(Deno.execPath(), {
    args: ["task", "test", ...files],
    cwd: ROOT,
    env: { NO_COLOR: "1", ...env },
    stdout: "piped",
    stderr: "piped",
  }).output();
  // The runner prints on stdout; stderr holds only deno task's echo of the command.
  const text = new TextDecoder().decode(out.stdout);
  return { code: out.code, lines: text.split("\n").filter((line) => line.trim() !== "") };
}

Deno.test("without Chromium the test command skips the browser tests in one line saying how to get them, and passes", async () => {
  const { code, lines } = await taskTest(BROWSER_TESTS, { DIGLINE_CHROMIUM: MISSING, CI: "" });
  assertEquals(lines.at(-1), "tests: 0 passed, 0 failed", lines.join("\n"));
  assertEquals(code, 0, lines.join("\n"));
  const said = lines.filter((line) => line.includes(MISSING));
  assertEquals(said.length, 1, lines.join("\n"));
  match(said[0], /2 browser test files skipped/);
  match(said[0], /apt-get install -y chromium/);
  match(said[0], /DIGLINE_CHROMIUM=/);
  ok(!lines.some((line) => line.includes("sudo apt-get")), "no sudo for root's sake");
});

Deno.test("under CI (CI=true) a missing Chromium fails the browser tests instead of skipping them", async () => {
  const { code, lines } = await taskTest(BROWSER_TESTS, { DIGLINE_CHROMIUM: MISSING, CI: "true" });
  assertEquals(lines.at(-1), "tests: 0 passed, 2 failed", lines.join("\n"));
  assertEquals(code, 1);
  ok(lines.some((line) => line.includes(MISSING)), "the failure names the browser it looked for");
  ok(!lines.some((line) => /skipped/.test(line)), lines.join("\n"));
});

Deno.test({
  name: "the test command runs one browser test file alone, behind its own permissions",
  // Where the browser is missing the run above already shows what happens; under CI it is not.
  ignore: browserSkip() !== undefined,
  fn: async () => {
    const { code, lines } = await taskTest(["tests/cli/report_browser_test.ts"], {});
    assertEquals(lines.at(-1), "tests: 1 passed, 0 failed", lines.join("\n"));
    assertEquals(code, 0);
    ok(
      lines.some((line) => /^ok +tests\/cli\/report_browser_test\.ts/.test(line)),
      lines.join("\n"),
    );
  },
});

Deno.test(".ci/run runs the test command as CI, so a missing browser fails there", async () => {
  const script = await Deno.readTextFile(`${ROOT}/.ci/run`);
  match(script, /^CI=true deno task test /m);
});
