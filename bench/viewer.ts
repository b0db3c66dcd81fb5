/**
 * The viewer at scale, through the real CLI: a store of R runs (default 10,000) of one suite with
 * an accuracy figure, the newest approved; starts `digline serve` and times the first page and
 * the suite's page (median of five requests each, after one to warm up), against the goals of
 * 300 ms and 1 s, then a run's page, the comparison page and the two-run page of the newest run
 * against the one before it; then `digline site` writing the whole site.
 *
 *   deno run --allow-read --allow-write --allow-run --allow-net=127.0.0.1 bench/viewer.ts
 *     [--runs 10000] [--source]
 *
 * @module
 */
import { join } from "node:path";
import { parseArgs } from "node:util";
import { benchEntry, cliArgs, describeEntry, timed } from "./_end_to_end.ts";
import { storedRun } from "./scale.ts";
import { emptyExclusions } from "../core/run/aggregate.ts";
import { runSynopsis } from "../core/run/run_synopsis.ts";
import { indexLine } from "../host/store/run_index.ts";

const GOALS = { firstPageMs: 300, suitePageMs: 1000 } as const;

/** A stored run with an aggregate and its figure, so the suite page has something to chart. */
function runWithFigure(index: number): { id: string; text: string } {
  const run = JSON.parse(storedRun(index));
  const counted = run.cases.map((c: { case_id: string }) => c.case_id);
  const passed =
    run.cases.filter((c: { verdicts: { status: string }[] }) => c.verdicts[0].status === "pass")
      .length;
  run.aggregates = [{ name: "accuracy", kind: "accuracy", over: "correct" }];
  run.figures = [{
    name: "accuracy",
    aggregate: "accuracy",
    kind: "accuracy",
    over: "correct",
    over_id: "00000000000000c1",
    group: null,
    value: passed / counted.length,
    counted,
    exclusions: emptyExclusions(),
  }];
  return { id: run.run_id, text: JSON.stringify(run) };
}

/**
 * The server's user + system CPU time so far, in ms, from /proc (Linux), read by `cat`: Deno
 * lets only --allow-all read /proc itself.
 */
function cpuMs(pid: number): number {
  const { stdout } = new Deno.Command("cat", { args: [`/proc/${pid}/stat`] }).outputSync();
  const fields = new TextDecoder().decode(stdout).split(") ")[1].split(" ");
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

/**
 * The first request's wall time (cold), the median wall time of the next five, and the server's
 * CPU time per request over those five: on a shared machine the CPU figure does not grow with
 * the load, the wall figures do.
 */
async function timeGet(
  url: string,
  pid: number,
): Promise<{ cold: number; warm: number; cpu: number }> {
  const times: number[] = [];
  let cpuBefore = 0;
  for (let i = 0; i < 6; i++) {
    if (i === 1) cpuBefore = cpuMs(pid);
    const started = performance.now();
    const answer = await fetch(url);
    await answer.text();
    if (answer.status !== 200) throw new Error(`${url}: ${answer.status}`);
    times.push(performance.now() - started);
  }
  return {
    cold: Math.round(times[0]),
    warm: Math.round(times.slice(1).sort((a, b) => a - b)[2]),
    cpu: Math.round((cpuMs(pid) - cpuBefore) / 5),
  };
}

if (import.meta.main) {
  const { values } = parseArgs({
    args: Deno.args,
    options: {
      runs: { type: "string", default: "10000" },
      source: { type: "boolean", default: false },
    },
  });
  const runs = Number(values.runs);
  const { entry, remove } = await benchEntry(values.source);
  const dir = await Deno.makeTempDir({ prefix: "digline-bench-viewer-" });
  try {
    console.log(`viewer: ${runs} stored runs of one suite, through ${describeEntry(entry)}`);
    const runsDir = join(dir, ".digline", "default", "runs", "stored");
    await Deno.mkdir(runsDir, { recursive: true });
    let last = "";
    let previous = "";
    const lines: string[] = [];
    for (let i = 0; i < runs; i++) {
      const { id, text } = runWithFigure(i);
      previous = last;
      last = id;
      await Deno.writeTextFile(join(runsDir, `${id}.json`), text);
      // Each with its index line, as the store writes it: a run the index does not list is not
      // the store's (ADR 0113), and could be neither promoted nor the latest.
      lines.push(indexLine(runSynopsis(JSON.parse(text))) + "\n");
    }
    await Deno.writeTextFile(join(runsDir, ".index.jsonl"), lines.join(""));
    await timed(cliArgs(["list", "--all", "--json"], entry), { cwd: dir });
    const promoted = await timed(
      cliArgs(["promote", last, "--because", "bench", "--by", "b"], entry),
      { cwd: dir },
    );
    if (promoted.code !== 0) throw new Error("the viewer bench could not promote its newest run");

    // Started directly (not through a shell), so its pid is the server's, for /proc.
    const server = new Deno.Command(Deno.execPath(), {
      args: cliArgs(["serve", "--port", "0"], entry),
      cwd: dir,
      stdout: "null",
      stderr: "piped",
    }).spawn();
    const reader = server.stderr.pipeThrough(new TextDecoderStream()).getReader();
    let said = "";
    while (!/http:\/\/\S+/.test(said)) {
      const { value, done } = await reader.read();
      if (done) throw new Error(`serve stopped: ${said}`);
      said += value;
    }
    const url = /(http:\/\/\S+)/.exec(said)![1];
    try {
      const first = await timeGet(url, server.pid);
      const suite = await timeGet(new URL("suite/stored.html", url).href, server.pid);
      const run = await timeGet(new URL(`run/${last}.html`, url).href, server.pid);
      const comparison = await timeGet(
        new URL("comparison/stored.html", url).href,
        server.pid,
      );
      const pair = await timeGet(new URL(`diff/${previous}/${last}.html`, url).href, server.pid);
      for (
        const [name, { cold, warm, cpu }, goal] of [
          ["first page (suites)", first, GOALS.firstPageMs],
          ["suite page", suite, GOALS.suitePageMs],
          ["run page", run, undefined],
          ["comparison page", comparison, undefined],
          ["two-run page", pair, undefined],
        ] as const
      ) {
        console.log(
          `  ${name.padEnd(20)} wall: first ${cold} ms, then ${warm} ms; cpu ${cpu} ms${
            goal === undefined
              ? ""
              : ` (goal ≤ ${goal} ms: wall first ${(cold / goal).toFixed(2)}×, then ${
                (warm / goal).toFixed(2)
              }×, cpu ${(cpu / goal).toFixed(2)}× the limit)`
          }`,
        );
      }
    } finally {
      server.kill("SIGINT");
      await reader.cancel();
      await server.status;
    }
    const site = await timed(
      cliArgs(["site", "--out", ".digline/site", "--json"], entry),
      { cwd: dir },
    );
    const pages = JSON.parse(site.stdout).pages.length;
    console.log(
      `  site export          ${Math.round(site.ms)} ms for ${pages} pages, peak ${
        Math.round(site.peakMb)
      } MB`,
    );
  } finally {
    await remove();
    await Deno.remove(dir, { recursive: true });
  }
}
