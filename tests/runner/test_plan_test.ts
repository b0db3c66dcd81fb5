import { deepStrictEqual as assertEquals, ok } from "node:assert/strict";
import { flagsFor, jobsNamed, SLOW, testFiles, testJobs } from "./test_plan.ts";
import { ROOT } from "../cli/_cli.ts";

Deno.test("core's tests run with no permission at all, and only the browser tests get --allow-all", () => {
  const files = testFiles(ROOT);
  const core = files.filter((file) => file.startsWith("tests/core/"));
  ok(core.length > 20, `core's test files are found (${core.length})`);
  for (const file of core) assertEquals(flagsFor(file), [], file);
  const everything = files.filter((file) => flagsFor(file).includes("--allow-all"));
  assertEquals(everything, [
    "tests/cli/case_view_browser_test.ts",
    "tests/cli/report_browser_test.ts",
    "tests/cli/viewer_browser_test.ts",
    "tests/cli/viewer_compare_browser_test.ts",
  ]);
  for (const file of files.filter((file) => file.startsWith("tests/ci/"))) {
    ok(!flagsFor(file).some((flag) => flag.startsWith("--allow-sys")), `${file} asks no sys`);
  }
});

Deno.test("the test run has one process for each test file Deno would collect, and core's examples", async () => {
  const collected: string[] = [];
  const walk = async (dir: string) => {
    for await (const entry of Deno.readDir(`${ROOT}/${dir}`)) {
      if (entry.name === "node_modules") continue;
      if (entry.isDirectory) await walk(`${dir}/${entry.name}`);
      else if (/_test\.ts$/.test(entry.name)) collected.push(`${dir}/${entry.name}`);
    }
  };
  await walk("tests");
  const jobs = testJobs(ROOT);
  const files = jobs.flatMap((job) => job.args.filter((arg) => arg.endsWith("_test.ts")));
  assertEquals([...files].sort(), collected.sort());
  ok(jobs.every((job) => job.args.includes("--no-check") !== job.args.includes("--doc")));
  const doc = jobs.find((job) => job.args.includes("--doc"));
  ok(
    doc !== undefined && doc.args.at(-1) === "core/" &&
      !doc.args.some((a) => a.startsWith("--allow")),
  );
});

Deno.test("the test run starts its longest files first, and each file it names as slow exists", () => {
  const jobs = testJobs(ROOT);
  const weights = jobs.map((job) => job.weight);
  assertEquals(weights, [...weights].sort((a, b) => b - a));
  const files = new Set(testFiles(ROOT));
  assertEquals(Object.keys(SLOW).filter((file) => !files.has(file)), []);
  const slowest = Object.entries(SLOW).sort((a, b) => b[1] - a[1])[0][0];
  ok(jobs[0].label === slowest, `${jobs[0].label} starts first, not ${slowest}`);
});

Deno.test("a test file or folder named runs alone, and a name that matches no test file is said", () => {
  const jobs = testJobs(ROOT);
  const one = jobsNamed(jobs, ["tests/cli/report_browser_test.ts"]);
  assertEquals(one.jobs.map((job) => job.label), ["tests/cli/report_browser_test.ts"]);
  assertEquals(one.jobs[0].args.slice(-2), ["--allow-all", "tests/cli/report_browser_test.ts"]);
  const folder = jobsNamed(jobs, ["tests/runner/"]);
  ok(folder.jobs.length > 0 && folder.jobs.every((job) => job.label.startsWith("tests/runner/")));
  assertEquals(jobsNamed(jobs, ["tests/cli/no_such_test.ts", "tests/cl"]).unmatched, [
    "tests/cli/no_such_test.ts",
    "tests/cl",
  ]);
  assertEquals(jobsNamed(jobs, []).jobs.length, jobs.length);
});
