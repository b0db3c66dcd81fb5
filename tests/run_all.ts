/**
 * Installs the product's and the tests' packages from their frozen locks, then runs every test:
 * core's with no permissions at all (its wall), the rest with the flags they declare, then prints
 * one plain summary line, `tests: N passed, N failed`, that CI reads.
 *
 * @module
 */
const DENO = Deno.execPath();

// The tests' own configuration: the product's import map plus the packages only tests import,
// with its own lock and node_modules, so a clone's plain install stays the product's (ADR 0067).
const CONFIG = ["--config", "tests/deno.json"];

interface Batch {
  name: string;
  args: string[];
}

/**
 * The pull-request plays of the CI gate: minutes of end-to-end runs in temporary folders, sharing
 * nothing with the other batches (no environment variable set, nothing written in the clone), so
 * they run in a process of their own beside the others: at most two test processes at once.
 */
const BESIDE: Batch = {
  name: "the CI gate and workflows (beside the others)",
  args: [
    "test",
    ...CONFIG,
    "--no-prompt",
    "--allow-read",
    "--allow-write",
    "--allow-run",
    "--allow-net=127.0.0.1",
    "--allow-env",
    "tests/ci/",
  ],
};

const BATCHES: Batch[] = [
  {
    name: "core (no permissions)",
    args: ["test", ...CONFIG, "--no-prompt", "--doc", "tests/core/", "core/"],
  },
  {
    name: "host, cli, examples and the rest",
    args: [
      "test",
      ...CONFIG,
      "--no-prompt",
      "--allow-read",
      "--allow-write",
      "--allow-run",
      "--allow-net=127.0.0.1",
      "--allow-env",
      // The operator's probe asks who the process is, as the operator task lets it.
      "--allow-sys=uid,gid",
      "--ignore=tests/core/,tests/cli/report_browser_test.ts,tests/cli/viewer_browser_test.ts,tests/ci/",
      "tests/",
    ],
  },
  {
    // playwright-core stats /proc/sys/fs/binfmt_misc/WSLInterop as it loads, and Deno grants
    // /proc only to --allow-all; so the one test that drives Chromium runs alone with it.
    name: "the HTML report and the site in Chromium (playwright-core needs --allow-all)",
    args: [
      "test",
      ...CONFIG,
      "--no-prompt",
      "--allow-all",
      "tests/cli/report_browser_test.ts",
      "tests/cli/viewer_browser_test.ts",
    ],
  },
];

// Both installs first, from their frozen locks: the product's for the CLI the tests start, the
// tests' own for the test files; so a fresh clone's first run fetches each once, up front.
const INSTALLS = [["install", "--frozen"], ["install", "--frozen", ...CONFIG]];

const SUMMARY = /(?:ok|FAILED)\s*\|\s*(\d+) passed(?: \(\d+ steps?\))?\s*\|\s*(\d+) failed/;

for (const args of INSTALLS) {
  console.log(`== deno ${args.join(" ")}`);
  const { code } = await new Deno.Command(DENO, {
    args,
    stdout: "inherit",
    stderr: "inherit",
    env: { NO_COLOR: "1" },
  }).output();
  if (code !== 0) {
    console.log(`== deno ${args.join(" ")} failed (exit ${code}); no test ran`);
    console.log("\ntests: 0 passed, 1 failed");
    Deno.exit(1);
  }
}

/** Starts a batch; what it printed and how it ended, once it has. */
function start(batch: Batch, options: { echo: boolean }): Promise<{ text: string; code: number }> {
  const child = new Deno.Command(DENO, {
    args: batch.args,
    stdout: "piped",
    stderr: options.echo ? "inherit" : "piped",
    env: { NO_COLOR: "1" },
  }).spawn();
  const decoder = new TextDecoder();
  const read = async (stream: ReadableStream<Uint8Array>) => {
    let text = "";
    for await (const chunk of stream) {
      if (options.echo) Deno.stdout.writeSync(chunk);
      text += decoder.decode(chunk, { stream: true });
    }
    return text;
  };
  return (async () => {
    const [out, err] = await Promise.all([
      read(child.stdout),
      options.echo ? Promise.resolve("") : read(child.stderr),
    ]);
    const status = await child.status;
    return { text: out + err, code: status.code };
  })();
}

let passed = 0;
let failed = 0;
let broken = false;

/** Adds a finished batch's counts from its summary line. */
function count(batch: Batch, result: { text: string; code: number }): void {
  const match = result.text.match(SUMMARY);
  if (match === null) {
    broken = true;
    console.log(`== ${batch.name}: no summary line (exit ${result.code}); counted as a failure`);
    failed += 1;
    return;
  }
  passed += Number(match[1]);
  failed += Number(match[2]);
  if (result.code !== 0 && Number(match[2]) === 0) broken = true;
}

const beside = start(BESIDE, { echo: false });
// The browser test needs a Chromium the packages do not bring: said in one line, and counted.
const CHROMIUM = "/usr/bin/chromium";
const chromiumThere = await Deno.stat(CHROMIUM).then(() => true, () => false);
for (const batch of BATCHES) {
  if (batch.args.includes("tests/cli/report_browser_test.ts") && !chromiumThere) {
    console.log(
      `\n== ${batch.name}: Chromium is missing at ${CHROMIUM}: install it (sudo apt-get install -y chromium) and run again; counted as a failure`,
    );
    failed += 1;
    continue;
  }
  console.log(`\n== ${batch.name}: deno ${batch.args.join(" ")}`);
  count(batch, await start(batch, { echo: true }));
}
const besideResult = await beside;
console.log(`\n== ${BESIDE.name}: deno ${BESIDE.args.join(" ")}`);
Deno.stdout.writeSync(new TextEncoder().encode(besideResult.text));
count(BESIDE, besideResult);
console.log(`\ntests: ${passed} passed, ${failed} failed`);
Deno.exit(failed > 0 || broken ? 1 : 0);
