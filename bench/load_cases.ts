/**
 * How long a suite of 6,000 cases from TSV and JSONL tables takes to load, after a first load
 * has compiled the loader's code: the figure a timed unit test used to hold, which failed
 * whenever the machine was busy. Prints wall and CPU time (user + system, which a busy machine
 * inflates less) as the median of several loads, against the goal.
 *
 *   deno run --allow-read --allow-write bench/load_cases.ts [--cases 3000] [--tries 5] [--json]
 *
 * @module
 */
import { join } from "node:path";
import process from "node:process";
import { parseArgs } from "node:util";
import { loadSuite } from "../host/suite_loader/mod.ts";
import { writeLargeCases } from "./_large_cases.ts";

const GOAL_MS = 500;

const { values } = parseArgs({
  args: Deno.args,
  options: {
    cases: { type: "string", default: "3000" },
    tries: { type: "string", default: "5" },
    json: { type: "boolean", default: false },
  },
});
const perTable = Number(values.cases);
const dir = await Deno.makeTempDir({ prefix: "digline-bench-load-" });
try {
  await Deno.writeTextFile(
    join(dir, "suite.toml"),
    'name = "generated"\ncases_file = ["cases.tsv", "cases.jsonl"]\n\n[target]\n' +
      'command = ["cat"]\n\n[[assertions]]\nname = "correct"\nkind = "equals"\n',
  );
  await writeLargeCases(dir, perTable);
  await loadSuite(join(dir, "suite.toml"));
  const walls: number[] = [];
  const cpus: number[] = [];
  for (let i = 0; i < Number(values.tries); i++) {
    const cpu = process.cpuUsage();
    const started = performance.now();
    const { suite } = await loadSuite(join(dir, "suite.toml"));
    walls.push(performance.now() - started);
    const used = process.cpuUsage(cpu);
    cpus.push((used.user + used.system) / 1000);
    if (suite.cases.length !== 2 * perTable) throw new Error(`${suite.cases.length} cases`);
  }
  const median = (xs: number[]) => xs.sort((a, b) => a - b)[Math.floor(xs.length / 2)];
  const figures = {
    cases: 2 * perTable,
    wall_ms: Math.round(median(walls)),
    cpu_ms: Math.round(median(cpus)),
    goal_ms: GOAL_MS,
    ratio_to_goal: Number((median(walls) / GOAL_MS).toFixed(2)),
  };
  if (values.json) console.log(JSON.stringify(figures, null, 2));
  else {
    console.log(
      `load ${figures.cases} cases (TSV + JSONL): wall ${figures.wall_ms} ms, cpu ${figures.cpu_ms} ms ` +
        `(median of ${values.tries}); goal < ${GOAL_MS} ms: ${figures.ratio_to_goal}× ${
          figures.wall_ms < GOAL_MS ? "PASS" : "MISS"
        }`,
    );
  }
} finally {
  await Deno.remove(dir, { recursive: true });
}
