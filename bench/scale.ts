/**
 * Scale, through the real CLI:
 *
 * - shards: N cases (default 100,000) x 3 checks against an in-process target, run as S shards
 *   (default 8) one after another on this machine, then `merge` and `compare`; prints the wall
 *   time and peak memory of every step.
 * - store: R stored runs (default 10,000) of one suite, the newest approved; times `list` and `log`
 *   (the newest 20, and `--all`), `view latest` and `view PREFIX` against the 0.2 s goal, with and
 *   without the CLI's start-up (`--help`).
 *
 *   deno run --allow-read --allow-write --allow-run bench/scale.ts
 *     [--cases 100000] [--shards 8] [--runs 10000] [--only shards|store] [--json] [--source]
 *
 * Each step starts what users run, the bundle's cli.js as `deno task install` installs it (built
 * into a temporary folder from this checkout), or with --source the CLI from source.
 *
 * @module
 */
import { join, resolve } from "node:path";
import { parseArgs } from "node:util";
import {
  benchEntry,
  cliArgs,
  type CliEntry,
  describeEntry,
  median,
  megabytes,
  parseFloor,
  timed,
  writeSuite,
} from "./_end_to_end.ts";
import { runSynopsis } from "../core/run/run_synopsis.ts";
import { indexLine } from "../host/store/run_index.ts";

const GOALS = {
  /** list, log, latest and a RUN prefix at 10,000 stored runs. */
  storeCommandMs: 200,
  /** compare of 100,000 cases x 3 checks, start-up aside. */
  compareMs: 2000,
} as const;

interface Step {
  step: string;
  ms: number;
  /** User + system time: on a shared machine, the figure load does not inflate. */
  cpu_ms: number;
  peak_rss_mb: number;
}

async function step(
  name: string,
  args: string[],
  at: { cwd: string; entry: CliEntry },
): Promise<Step & { stdout: string }> {
  const result = await timed(cliArgs(args, at.entry), { cwd: at.cwd });
  return {
    step: name,
    ms: Math.round(result.ms),
    cpu_ms: Math.round(result.cpuMs),
    peak_rss_mb: Math.round(result.peakMb * 10) / 10,
    stdout: result.stdout,
  };
}

async function benchShards(
  options: { cases: number; shards: number; json: boolean; entry: CliEntry },
) {
  const dir = await Deno.makeTempDir({ prefix: "digline-bench-scale-" });
  const at = { cwd: dir, entry: options.entry };
  const steps: Step[] = [];
  const say = (s: Step) => {
    steps.push({ step: s.step, ms: s.ms, cpu_ms: s.cpu_ms, peak_rss_mb: s.peak_rss_mb });
    if (!options.json) {
      console.log(
        `  ${s.step.padEnd(24)} wall ${s.ms} ms  cpu ${s.cpu_ms} ms  peak ${s.peak_rss_mb} MB`,
      );
    }
  };
  try {
    await writeSuite(dir, { n: options.cases, latencyMs: 0, concurrency: 64, checks: 3 });
    if (!options.json) {
      console.log(`shards: ${options.cases} cases x 3 checks, ${options.shards} shards in turn`);
    }
    const ids: string[] = [];
    for (let k = 1; k <= options.shards; k++) {
      const s = await step(
        `run --shard ${k}/${options.shards}`,
        ["run", "suite.toml", "--shard", `${k}/${options.shards}`, "--json"],
        at,
      );
      ids.push(JSON.parse(s.stdout).run_id);
      say(s);
    }
    const merged = await step("merge", ["merge", ...ids, "--json"], at);
    say(merged);
    say(await step("promote", ["promote", "latest", "--because", "bench", "--by", "bench"], at));
    const startup = await step("--help (start-up)", ["--help"], at);
    say(startup);
    const compare = await step("compare", ["compare"], at);
    say(compare);
    const compareAfterStartup = compare.ms - startup.ms;
    // CPU time as well: on a shared machine, wall time is mostly other people's work.
    const compareCpuAfterStartup = compare.cpu_ms - startup.cpu_ms;
    const ok = compareAfterStartup < GOALS.compareMs;
    // compare reads the merged run alone: the candidate, and the run its approval cites.
    const document = [resolve(dir, JSON.parse(merged.stdout).path)];
    const parseFloorMs = Math.round(await median(3, () => parseFloor(document)));
    const documentMb = Math.round((await megabytes(document)) * 10) / 10;
    if (!options.json) {
      console.log(
        `  compare after start-up ${compareAfterStartup} ms, cpu ${compareCpuAfterStartup} ms ` +
          `(goal < ${GOALS.compareMs} ms: cpu ${
            (compareCpuAfterStartup / GOALS.compareMs).toFixed(2)
          }× the goal) ${ok ? "PASS" : "MISS"}`,
      );
      console.log(
        `  parse floor (a bare deno reads, decodes and parses the ${documentMb} MB document) ` +
          `${parseFloorMs} ms; compare after start-up / floor ${
            (compareAfterStartup / parseFloorMs).toFixed(2)
          }`,
      );
    }
    return {
      cases: options.cases,
      shards: options.shards,
      steps,
      compare_after_startup_ms: compareAfterStartup,
      compare_cpu_after_startup_ms: compareCpuAfterStartup,
      parse_floor_ms: parseFloorMs,
      document_mb: documentMb,
      ok,
    };
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
}

/** A small run document, as the store holds it, for the store bench. */
export function storedRun(index: number): string {
  const at = new Date(Date.UTC(2026, 0, 1) + index * 60_000);
  const iso = at.toISOString();
  const id = `${iso.slice(0, 4)}${iso.slice(5, 7)}${iso.slice(8, 10)}-${iso.slice(11, 13)}${
    iso.slice(14, 16)
  }${iso.slice(17, 19)}-${iso.slice(20, 23)}-${index.toString(16).padStart(6, "0")}`;
  const cases = Array.from({ length: 20 }, (_, i) => ({
    case_id: `c${i}`,
    kind: "normal",
    output: "positive",
    verdicts: [{
      assertion_id: "00000000000000c1",
      assertion: "correct",
      status: (i + index) % 10 === 0 ? "fail" : "pass",
      metadata: {},
    }],
    latency_ms: 1,
    attempts: 1,
  }));
  return JSON.stringify(
    {
      schema_version: 1,
      run_id: id,
      tenant: "default",
      suite: {
        name: "stored",
        cases_digest: "aaaaaaaaaaaaaaaa",
        config_hash: "bbbbbbbbbbbbbbbb",
        source: "suite.toml",
      },
      target: { kind: "function", name: "classify" },
      git_commit: null,
      started_at: iso,
      finished_at: iso,
      assertions: [{ id: "00000000000000c1", name: "correct", kind: "equals" }],
      cases,
      figures: [],
    },
    null,
    1,
  );
}

async function benchStore(options: { runs: number; json: boolean; entry: CliEntry }) {
  const dir = await Deno.makeTempDir({ prefix: "digline-bench-store-" });
  const at = { cwd: dir, entry: options.entry };
  try {
    const runsDir = join(dir, ".digline", "default", "runs", "stored");
    await Deno.mkdir(runsDir, { recursive: true });
    let last = "";
    const lines: string[] = [];
    for (let i = 0; i < options.runs; i++) {
      const text = storedRun(i);
      last = JSON.parse(text).run_id;
      await Deno.writeTextFile(join(runsDir, `${last}.json`), text);
      // Each with its index line, as the store writes it: a run its index does not list is not
      // the store's (ADR 0113), and could be neither promoted nor the latest.
      lines.push(indexLine(runSynopsis(JSON.parse(text))) + "\n");
    }
    await Deno.writeTextFile(join(runsDir, ".index.jsonl"), lines.join(""));
    if (!options.json) console.log(`store: ${options.runs} stored runs of one suite`);
    const first = await step("list (first)", ["list", "--all", "--json"], at);
    // A store in use has an approved baseline, which every listing reads to mark it.
    const promoted = await step(
      "promote",
      ["promote", last, "--because", "bench", "--by", "b"],
      at,
    );
    if (promoted.stdout === "") throw new Error("the store bench could not promote its newest run");
    const startup = await median(3, async () => (await step("--help", ["--help"], at)).ms);
    const startupCpu = await median(3, async () => (await step("--help", ["--help"], at)).cpu_ms);
    const results: {
      command: string;
      ms: number;
      after_startup_ms: number;
      cpu_ms: number;
      cpu_after_startup_ms: number;
      ok: boolean;
    }[] = [];
    const commands: [string, string[]][] = [
      ["list", ["list", "--json"]],
      ["list --all", ["list", "--all", "--json"]],
      ["log", ["log", "--json"]],
      ["log --all", ["log", "--all", "--json"]],
      ["view", ["view", "--json"]],
      ["view latest", ["view", "latest", "--json"]],
      ["view PREFIX", ["view", last.slice(0, 19), "--json"]],
    ];
    if (!options.json) {
      console.log(`  ${first.step} ${first.ms} ms; start-up (--help) ${startup} ms`);
    }
    for (const [name, args] of commands) {
      const tries: Step[] = [];
      for (let i = 0; i < 3; i++) tries.push(await step(name, args, at));
      const ms = tries.map((t) => t.ms).sort((a, b) => a - b)[1];
      const cpu = tries.map((t) => t.cpu_ms).sort((a, b) => a - b)[1];
      const after = ms - startup;
      const ok = after < GOALS.storeCommandMs;
      results.push({
        command: name,
        ms,
        after_startup_ms: after,
        cpu_ms: cpu,
        cpu_after_startup_ms: cpu - startupCpu,
        ok,
      });
      if (!options.json) {
        console.log(
          `  ${
            name.padEnd(13)
          } wall ${ms} ms, ${after} ms after start-up (goal < ${GOALS.storeCommandMs} ms) ${
            ok ? "PASS" : "MISS"
          }; cpu ${cpu} ms, ${cpu - startupCpu} ms after start-up's ${startupCpu} (${
            ((cpu - startupCpu) / GOALS.storeCommandMs).toFixed(2)
          }× the goal)`,
        );
      }
    }
    return {
      runs: options.runs,
      first_list_ms: first.ms,
      startup_ms: startup,
      startup_cpu_ms: startupCpu,
      results,
    };
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
}

if (import.meta.main) {
  const { values } = parseArgs({
    args: Deno.args,
    options: {
      cases: { type: "string", default: "100000" },
      shards: { type: "string", default: "8" },
      runs: { type: "string", default: "10000" },
      only: { type: "string" },
      json: { type: "boolean", default: false },
      source: { type: "boolean", default: false },
    },
  });
  const { entry, remove } = await benchEntry(values.source);
  if (!values.json) console.log(`through ${describeEntry(entry)}`);
  const report: Record<string, unknown> = { entry: entry.kind, goals: GOALS };
  try {
    if (values.only !== "store") {
      report.shards = await benchShards({
        cases: Number(values.cases),
        shards: Number(values.shards),
        json: values.json,
        entry,
      });
    }
    if (values.only !== "shards") {
      report.store = await benchStore({ runs: Number(values.runs), json: values.json, entry });
    }
  } finally {
    await remove();
  }
  if (values.json) console.log(JSON.stringify(report, null, 2));
}
