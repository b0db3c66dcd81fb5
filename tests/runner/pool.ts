/**
 * Runs `deno` processes a few at a time, in the order given, and collects what each printed.
 *
 * @module
 */
import type { TestJob } from "./test_plan.ts";

/** A finished process: its job, exit code, everything it printed, and its wall time. */
export interface JobResult {
  job: TestJob;
  code: number;
  text: string;
  seconds: number;
}

/** Starts the jobs in order with at most `concurrency` running; resolves when all have ended. */
export async function runPool(
  jobs: readonly TestJob[],
  options: { deno: string; cwd: string; concurrency: number; onDone: (result: JobResult) => void },
): Promise<JobResult[]> {
  const results: JobResult[] = [];
  let next = 0;
  const lane = async () => {
    while (next < jobs.length) {
      const job = jobs[next++];
      const result = await runOne(job, options);
      results.push(result);
      options.onDone(result);
    }
  };
  await Promise.all(Array.from({ length: Math.min(options.concurrency, jobs.length) }, lane));
  return results;
}

async function runOne(job: TestJob, options: { deno: string; cwd: string }): Promise<JobResult> {
  const started = performance.now();
  const { code, stdout, stderr } = await new Deno.Command(options.deno, {
    args: job.args,
    cwd: options.cwd,
    stdout: "piped",
    stderr: "piped",
    env: { NO_COLOR: "1" },
  }).output();
  const decoder = new TextDecoder();
  return {
    job,
    code,
    text: decoder.decode(stdout) + decoder.decode(stderr),
    seconds: (performance.now() - started) / 1000,
  };
}
