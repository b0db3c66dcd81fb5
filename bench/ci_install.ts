/**
 * How long the GitHub Action's install takes, cold and warm, against the 15 s a warm job may take.
 * It replays the install steps of the composite actions as GitHub runs them: the local action
 * `digline init` writes (`--action init`, the default) and action.yml at the repository root
 * (`--action root`), their `run:` scripts and `env:` taken from the action's own text, with a
 * local folder standing in for actions/cache (a tar of the cached folder, zstd-compressed as
 * actions/cache compresses it when zstd is there).
 *
 * - cold: a fresh runner: an empty cache, and empty npm and Deno caches (each run gets its own), so
 *   Deno is fetched from npm and digline's packages from the registry, as on GitHub;
 * - warm: another fresh runner whose cache holds what the cold job saved: the timer covers the
 *   restore and the install step, which then installs nothing.
 *
 * The local action fetches digline from `https://github.com/bench/digline` at this clone's HEAD,
 * which git is told to read from this clone (`url.<clone>.insteadOf`): the bench installs the
 * commit checked out here, not the files changed since. After each install, a one-case suite runs
 * through the installed `digline` to show the install works (not timed).
 *
 * deno task bench:ci-install [--action init|root] [--json]
 *
 * @module
 */
import { join } from "node:path";
import { parseArgs } from "node:util";
import { localAction } from "../host/init/scaffold_files.ts";
import { type ActionStep, actionStep, expand } from "./_action_steps.ts";
import { REPOSITORY_ROOT } from "../tools/task_flags.ts";

/** What a warm job's install may take (issue 35). */
const WARM_LIMIT_S = 15;

const { values } = parseArgs({
  args: Deno.args,
  options: {
    action: { type: "string", default: "init" },
    json: { type: "boolean", default: false },
  },
});
if (values.action !== "init" && values.action !== "root") {
  console.error("bench:ci-install: --action is init or root");
  Deno.exit(64);
}

async function sh(
  command: string,
  args: string[],
  options: { cwd?: string; env?: Record<string, string> } = {},
): Promise<string> {
  const out = await new Deno.Command(command, {
    args,
    cwd: options.cwd,
    env: options.env,
    stdout: "piped",
    stderr: "piped",
  }).output();
  const text = new TextDecoder().decode(out.stdout) + new TextDecoder().decode(out.stderr);
  if (!out.success) throw new Error(`${command} ${args.join(" ")} exited ${out.code}:\n${text}`);
  return text;
}

/** A fresh runner: its temp folder, its own npm and Deno caches, and the files GitHub hands a step. */
async function freshRunner(root: string, name: string) {
  const dir = join(root, name);
  const temp = join(dir, "temp");
  await Deno.mkdir(temp, { recursive: true });
  const files = { GITHUB_PATH: join(dir, "github_path"), GITHUB_ENV: join(dir, "github_env") };
  for (const file of Object.values(files)) await Deno.writeTextFile(file, "");
  const commit = (await sh("git", ["-C", REPOSITORY_ROOT, "rev-parse", "HEAD"])).trim();
  const env: Record<string, string> = {
    PATH: Deno.env.get("PATH") ?? "",
    HOME: Deno.env.get("HOME") ?? dir,
    RUNNER_TEMP: temp,
    RUNNER_OS: "Linux",
    RUNNER_ARCH: "X64",
    GITHUB_ACTION_PATH: REPOSITORY_ROOT,
    DENO_DIR: join(dir, "deno-dir"),
    npm_config_cache: join(dir, "npm-cache"),
    ...files,
    // The local action's fetch of https://github.com/bench/digline reads this clone.
    GIT_CONFIG_COUNT: "1",
    GIT_CONFIG_KEY_0: `url.${REPOSITORY_ROOT}.insteadOf`,
    GIT_CONFIG_VALUE_0: "https://github.com/bench/digline",
    GIT_CONFIG_NOSYSTEM: "1",
  };
  const context: Record<string, string> = {
    "runner.temp": temp,
    "runner.os": env.RUNNER_OS,
    "runner.arch": env.RUNNER_ARCH,
    "inputs.deno-version": "2.9.6",
  };
  return { dir, temp, env, context, commit, outputs: join(dir, "github_output") };
}

type Runner = Awaited<ReturnType<typeof freshRunner>>;

/** Runs one step as the runner does: bash -e, with the step's env over the job's. */
async function runStep(step: ActionStep, runner: Runner): Promise<void> {
  const env: Record<string, string> = { ...runner.env, GITHUB_OUTPUT: runner.outputs };
  for (const [key, value] of Object.entries(step.env)) env[key] = expand(value, runner.context);
  await Deno.writeTextFile(runner.outputs, "");
  await sh("bash", [
    "--noprofile",
    "--norc",
    "-eo",
    "pipefail",
    "-c",
    expand(step.run, runner.context),
  ], {
    cwd: runner.dir,
    env,
  });
  for (const line of (await Deno.readTextFile(runner.outputs)).split("\n")) {
    const pair = line.match(/^([\w-]+)=(.*)$/);
    if (pair !== null) runner.context[`steps.key.outputs.${pair[1]}`] = pair[2];
  }
}

/** The install steps of the action under test, in order, and the folder its cache holds. */
function installSteps(runner: Runner): ActionStep[] {
  if (values.action === "init") {
    const text = localAction({ repository: "bench/digline", commit: runner.commit });
    return [
      actionStep(text, "Name the pinned digline and its cache key"),
      actionStep(text, "Install Deno and digline, pinned"),
    ];
  }
  const text = Deno.readTextFileSync(join(REPOSITORY_ROOT, "action.yml"));
  return [
    actionStep(text, "Key the cache by digline's files and Deno's version"),
    actionStep(text, "Install Deno and digline with its declared permissions"),
  ];
}

/** Runs a one-case suite through the installed command, with only what the steps put on PATH. */
async function proveInstalled(runner: Runner): Promise<void> {
  const added = (await Deno.readTextFile(runner.env.GITHUB_PATH)).split("\n").filter((l) => l);
  const project = join(runner.dir, "project");
  await Deno.mkdir(project);
  await Deno.writeTextFile(
    join(project, "suite.toml"),
    `name = "bench"\n[target]\ncommand = ["echo", "hello"]\n[[assertions]]\nname = "says"\n` +
      `kind = "includes"\nvalue = "hello"\n[[cases]]\nid = "one"\nvars = {}\n`,
  );
  const path = [...added.reverse(), "/usr/bin", "/bin"].join(":");
  await sh("digline", ["run", "suite.toml"], {
    cwd: project,
    env: { PATH: path, HOME: runner.env.HOME, DENO_DIR: runner.env.DENO_DIR, NO_COLOR: "1" },
  });
}

const zstd = await new Deno.Command("zstd", { args: ["--version"], stdout: "null" }).output()
  .then((o) => o.success, () => false);

const root = await Deno.makeTempDir({ prefix: "digline-bench-ci-install-" });
try {
  const cacheFile = join(root, zstd ? "cache.tzst" : "cache.tar");
  const tarFlags = zstd ? ["--use-compress-program", "zstd -T0"] : [];

  const cold = await freshRunner(root, "cold");
  const coldStart = performance.now();
  for (const step of installSteps(cold)) await runStep(step, cold);
  const coldS = (performance.now() - coldStart) / 1000;
  await proveInstalled(cold);
  // actions/cache/save: a tar of the cached folder, made after the job's install.
  await sh("tar", [...tarFlags, "-cf", cacheFile, "-C", cold.temp, "digline"]);
  const size = (await Deno.stat(cacheFile)).size;

  const warm = await freshRunner(root, "warm");
  const warmStart = performance.now();
  // actions/cache/restore: the folder back at the same path, after the step that names the key.
  const steps = installSteps(warm);
  await runStep(steps.shift()!, warm);
  await sh("tar", [...tarFlags, "-xf", cacheFile, "-C", warm.temp]);
  for (const step of steps) await runStep(step, warm);
  const warmS = (performance.now() - warmStart) / 1000;
  await proveInstalled(warm);

  // /proc needs more than --allow-read in Deno 2: uptime says the same.
  const load = (await sh("uptime", [])).match(/load average: ([\d.]+)/)?.[1] ?? "?";
  const result = {
    action: values.action,
    cold_s: Number(coldS.toFixed(1)),
    warm_s: Number(warmS.toFixed(1)),
    warm_over_limit: Number((warmS / WARM_LIMIT_S).toFixed(2)),
    cold_over_warm: Number((coldS / warmS).toFixed(1)),
    cache_mb: Number((size / 1e6).toFixed(1)),
    compression: zstd ? "zstd" : "none",
    load_average: load,
  };
  if (values.json) console.log(JSON.stringify(result));
  else {
    console.log(
      [
        `${
          values.action === "init"
            ? "the local action init writes"
            : "action.yml at the repository root"
        }: install`,
        `  cold  ${result.cold_s.toFixed(1)} s (empty cache, npm and Deno caches)`,
        `  warm  ${
          result.warm_s.toFixed(1)
        } s (restore and install step): ${result.warm_over_limit}× ` +
        `the ${WARM_LIMIT_S} s limit, ${result.cold_over_warm}× faster than cold`,
        `  cache ${result.cache_mb} MB (${result.compression}); load average ${load}`,
      ].join("\n"),
    );
  }
} finally {
  await Deno.remove(root, { recursive: true }).catch(() => {});
}
