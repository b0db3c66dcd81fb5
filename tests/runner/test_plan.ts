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
  { prefix: "tests/cli/viewer_compare_browser_test.ts", flags: ["--allow-all"] },
  { prefix: "tests/cli/case_view_browser_test.ts", flags: ["--allow-all"] },
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
 * The files that took longest, in seconds of one run on two cores that other work kept busy
 * (2026-12-02), so the pool starts them first and the run does not end on one long file. Only the
 * order depends on them: a stale figure costs time, never a result. The files not named took
 * under 15 seconds there.
 */
export const SLOW: Record<string, number> = {
  "tests/operator/scenarios_test.ts": 752,
  "tests/operator/walls_test.ts": 210,
  "tests/cli/baseline_ref_test.ts": 141,
  "tests/ci/action_gate_test.ts": 132,
  "tests/cli/report_test.ts": 123,
  "tests/cli/redact_test.ts": 117,
  "tests/cli/several_suites_test.ts": 115,
  "tests/cli/upstream_provenance_test.ts": 100,
  "tests/cli/shard_merge_test.ts": 97,
  "tests/cli/malformed_input_test.ts": 96,
  "tests/tools/bundle_test.ts": 94,
  "tests/cli/damaged_store_test.ts": 87,
  "tests/cli/upstream_property_test.ts": 78,
  "tests/cli/confirm_test.ts": 74,
  "tests/cli/pure_checks_test.ts": 69,
  "tests/cli/check_sandbox_test.ts": 68,
  "tests/cli/key_forms_test.ts": 66,
  "tests/fuzz/loaders_fuzz_test.ts": 62,
  "tests/cli/exit_codes_test.ts": 59,
  "tests/mcp/parity_test.ts": 54,
  "tests/cli/serve_test.ts": 54,
  "tests/cli/rules_changed_test.ts": 52,
  "tests/cli/gate_test.ts": 52,
  "tests/cli/local_model_test.ts": 47,
  "tests/cli/git_programs_test.ts": 42,
  "tests/cli/resume_test.ts": 40,
  "tests/cli/history_test.ts": 40,
  "tests/cli/viewer_browser_test.ts": 37,
  "tests/cli/long_history_test.ts": 35,
  "tests/ci/workflows_test.ts": 31,
  "tests/cli/init_test.ts": 31,
  "tests/docs_snippets_test.ts": 30,
  "tests/operator/commands_test.ts": 30,
  "tests/cli/recheck_binding_test.ts": 29,
  "tests/mcp/errors_test.ts": 29,
  "tests/cli/noisy_gate_test.ts": 29,
  "tests/cli/verify_test.ts": 28,
  "tests/cli/check_identity_test.ts": 28,
  "tests/mcp/run_test.ts": 26,
  "tests/mcp/tools_test.ts": 26,
  "tests/operator/approval_watch_test.ts": 25,
  "tests/mcp/rejudge_test.ts": 25,
  "tests/cli/stored_run_layout_test.ts": 23,
  "tests/mcp/bundle_test.ts": 23,
  "tests/mcp/redact_test.ts": 22,
  "tests/cli/noise_floor_test.ts": 22,
  "tests/mcp/command_test.ts": 21,
  "tests/cli/habits_test.ts": 21,
  "tests/tools/install_test.ts": 20,
  "tests/cli/promote_noise_test.ts": 20,
  "tests/cli/start_up_test.ts": 19,
  "tests/mcp/compare_confirm_test.ts": 18,
  "tests/failure_rule_test.ts": 18,
  "tests/host/store/run_index_test.ts": 17,
  "tests/cli/providers_test.ts": 17,
  "tests/cli/confirmation_binding_test.ts": 17,
  "tests/mcp/wall_test.ts": 16,
  "tests/mcp/user_env_test.ts": 16,
  "tests/cli/promote_test.ts": 15,
  "tests/cli/secret_choke_point_test.ts": 15,
  "tests/cli/report_browser_test.ts": 15,
};

/** A file's expected seconds: its measured figure, or a guess from its size. */
function weightOf(root: string, file: string): number {
  return SLOW[file] ?? Deno.statSync(join(root, file)).size / 2_000;
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
    weight: 300,
  });
  return jobs.sort((a, b) => b.weight - a.weight);
}

/**
 * The jobs of the test files named, or of the files in the folders named (paths from the root),
 * and the names that matched none; every job when nothing is named.
 */
export function jobsNamed(
  jobs: readonly TestJob[],
  named: readonly string[],
): { jobs: TestJob[]; unmatched: string[] } {
  if (named.length === 0) return { jobs: [...jobs], unmatched: [] };
  // A file's job is labelled with the file; core's examples are not a file one can name.
  const files = jobs.filter((job) => job.label.startsWith("tests/"));
  const covers = (path: string, job: TestJob) =>
    job.label === path || job.label.startsWith(`${path.replace(/\/$/, "")}/`);
  return {
    jobs: files.filter((job) => named.some((path) => covers(path, job))),
    unmatched: named.filter((path) => !files.some((job) => covers(path, job))),
  };
}
