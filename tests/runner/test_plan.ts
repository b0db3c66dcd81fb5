/**
 * Which test files exist, and behind which permissions each runs: core's with none at all (its
 * wall), the browser tests with all (playwright-core needs /proc), the CI gate's without the
 * operator probe's `--allow-sys`, and the rest with the flags they declare.
 *
 * @module
 */
import { join, relative } from "node:path";

/** One `deno test` process of the run: its files and the flags it runs them with. */
export interface TestJob {
  /** What a progress line calls it: a file, or a description. */
  label: string;
  args: string[];
  /** Its expected seconds, to start the longest first. */
  weight: number;
}

/** The tests' own configuration: the product's import map plus the packages only tests import. */
export const CONFIG = ["--config", "tests/deno.json"];

const WRITES_AND_RUNS = [
  "--allow-read",
  "--allow-write",
  "--allow-run",
  "--allow-net=127.0.0.1",
  "--allow-env",
];

/** The walls, from the narrowest: the first whose prefix a file's path starts with applies. */
const WALLS: { prefix: string; flags: string[] }[] = [
  { prefix: "tests/core/", flags: [] },
  // playwright-core stats /proc/sys/fs/binfmt_misc/WSLInterop as it loads, and Deno grants
  // /proc only to --allow-all; so the tests that drive Chromium run with it, and only they.
  { prefix: "tests/cli/report_browser_test.ts", flags: ["--allow-all"] },
  { prefix: "tests/cli/viewer_browser_test.ts", flags: ["--allow-all"] },
  { prefix: "tests/ci/", flags: WRITES_AND_RUNS },
  // The operator's probe asks who the process is, as the operator task lets it.
  { prefix: "tests/", flags: [...WRITES_AND_RUNS, "--allow-sys=uid,gid"] },
];

/** The files Deno's own `deno test DIR` collects: `*_test`, `*.test` or `test`, by extension. */
const TEST_FILE = /(?:^|[._])test\.(?:ts|tsx|mts|js|mjs|jsx)$/;

/** Every test file under `tests/`, relative to the root, in a stable order. */
export function testFiles(root: string): string[] {
  const found: string[] = [];
  const walk = (dir: string) => {
    for (const entry of Deno.readDirSync(dir)) {
      if (entry.name === "node_modules" || entry.name.startsWith(".")) continue;
      const path = join(dir, entry.name);
      if (entry.isDirectory) walk(path);
      else if (entry.isFile && TEST_FILE.test(entry.name)) found.push(relative(root, path));
    }
  };
  walk(join(root, "tests"));
  return found.sort();
}

/** The permission flags a test file runs with. */
export function flagsFor(file: string): string[] {
  const wall = WALLS.find((w) => file.startsWith(w.prefix));
  if (wall === undefined) throw new Error(`${file} is outside tests/: no wall applies`);
  return wall.flags;
}

/**
 * Seconds each slow file took on two cores (a fresh clone's run, 2026-12-02), so the pool starts
 * them first and the run does not end on one long file. Only the order depends on them: a stale
 * figure costs minutes, never a result. Files not named take about a second or two.
 */
const SLOW: Record<string, number> = {};

/** A file's expected seconds: its measured figure, or a guess from its size. */
function weightOf(root: string, file: string): number {
  return SLOW[file] ?? Deno.statSync(join(root, file)).size / 10_000;
}

/**
 * The run's jobs, longest first: one per test file (type-checked once beforehand, so each runs
 * with `--no-check`), plus core's documentation examples, which `--doc` type-checks itself.
 */
export function testJobs(root: string): TestJob[] {
  const jobs: TestJob[] = testFiles(root).map((file) => ({
    label: file,
    args: ["test", ...CONFIG, "--no-prompt", "--no-check", ...flagsFor(file), file],
    weight: weightOf(root, file),
  }));
  jobs.push({
    label: "core's documentation examples (--doc, no permissions)",
    args: ["test", ...CONFIG, "--no-prompt", "--doc", "--permit-no-files", "core/"],
    weight: 30,
  });
  return jobs.sort((a, b) => b.weight - a.weight);
}
