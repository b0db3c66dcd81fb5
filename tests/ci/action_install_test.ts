import { deepStrictEqual as assertEquals, match, ok } from "node:assert/strict";
import { join } from "node:path";
import { git, ROOT } from "../cli/_cli.ts";
import { type ActionStep, actionStep, expand } from "../../bench/_action_steps.ts";
import { localAction } from "../../host/init/scaffold_files.ts";

const decoder = new TextDecoder();

/** The two actions: the install steps of each, in order, as GitHub runs them. */
function actions(commit: string): { name: string; text: string; steps: ActionStep[] }[] {
  const root = Deno.readTextFileSync(join(ROOT, "action.yml"));
  const local = localAction({ repository: "me/digline", commit });
  return [
    {
      name: "action.yml",
      text: root,
      steps: [
        actionStep(root, "Key the cache by digline's files and Deno's version"),
        actionStep(root, "Install Deno and digline with its declared permissions"),
      ],
    },
    {
      name: "init's local action",
      text: local,
      steps: [
        actionStep(local, "Name the pinned digline and its cache key"),
        actionStep(local, "Install Deno and digline, pinned"),
      ],
    },
  ];
}

/**
 * A runner whose cache restored digline's folder: a clone of this repository at HEAD under
 * RUNNER_TEMP/digline/src, marked installed under `marker` (the key, unless a test says another),
 * and npm and deno on PATH as stubs that fail loudly, so an install that starts shows.
 */
async function restoredRunner(commit: string) {
  const dir = await Deno.makeTempDir({ prefix: "digline-action-install-" });
  const temp = join(dir, "temp");
  const home = join(temp, "digline");
  await Deno.mkdir(home, { recursive: true });
  await git(ROOT, "clone", "-q", "--no-hardlinks", ROOT, join(home, "src"));
  const stubs = join(dir, "stubs");
  await Deno.mkdir(stubs);
  for (const name of ["npm", "deno"]) {
    await Deno.writeTextFile(join(stubs, name), `#!/bin/sh\necho "STUB ${name} $*" >&2\nexit 99\n`);
    await Deno.chmod(join(stubs, name), 0o755);
  }
  const files = { GITHUB_PATH: join(dir, "path"), GITHUB_ENV: join(dir, "env") };
  for (const file of [...Object.values(files), join(dir, "output")]) {
    await Deno.writeTextFile(file, "");
  }
  const context: Record<string, string> = {
    "runner.temp": temp,
    "runner.os": "Linux",
    "runner.arch": "X64",
    "inputs.deno-version": "2.9.6",
  };
  const env: Record<string, string> = {
    PATH: `${stubs}:/usr/local/bin:/usr/bin:/bin`,
    HOME: dir,
    RUNNER_TEMP: temp,
    RUNNER_OS: "Linux",
    RUNNER_ARCH: "X64",
    GITHUB_ACTION_PATH: ROOT,
    GITHUB_OUTPUT: join(dir, "output"),
    ...files,
  };
  return { dir, home, context, env, commit };
}

type Runner = Awaited<ReturnType<typeof restoredRunner>>;

/** Runs a step as GitHub's `shell: bash` does; the key step's output lands in the context. */
async function runStep(step: ActionStep, runner: Runner): Promise<{ code: number; log: string }> {
  const env = { ...runner.env };
  for (const [key, value] of Object.entries(step.env)) env[key] = expand(value, runner.context);
  const out = await new Deno.Command("bash", {
    args: ["--noprofile", "--norc", "-eo", "pipefail", "-c", expand(step.run, runner.context)],
    cwd: runner.dir,
    env,
    clearEnv: true,
    stdout: "piped",
    stderr: "piped",
  }).output();
  for (const line of (await Deno.readTextFile(runner.env.GITHUB_OUTPUT)).split("\n")) {
    const pair = line.match(/^([\w-]+)=(.*)$/);
    if (pair !== null) runner.context[`steps.key.outputs.${pair[1]}`] = pair[2];
  }
  return { code: out.code, log: decoder.decode(out.stdout) + decoder.decode(out.stderr) };
}

/** The key the install step is given, once the steps before it ran. */
function installKey(steps: ActionStep[], runner: Runner): string {
  return expand(steps[steps.length - 1].env.DIGLINE_CACHE_KEY, runner.context);
}

const HEAD = (await git(ROOT, "rev-parse", "HEAD")).trim();

Deno.test("with the cache restored, each action's install step installs nothing and puts the cached commands on PATH", async () => {
  for (const action of actions(HEAD)) {
    const runner = await restoredRunner(HEAD);
    const steps = [...action.steps];
    const install = steps.pop()!;
    for (const step of steps) {
      const ran = await runStep(step, runner);
      assertEquals(ran.code, 0, `${action.name}: ${ran.log}`);
    }
    const key = installKey(action.steps, runner);
    match(key, /^digline-Linux-X64-deno2\.9\.6-[0-9a-f]{40,64}$/, action.name);
    await Deno.writeTextFile(join(runner.home, "installed"), `${key}\n`);
    const ran = await runStep(install, runner);
    assertEquals(ran.code, 0, `${action.name}: ${ran.log}`);
    ok(!ran.log.includes("STUB"), `${action.name} installed again: ${ran.log}`);
    assertEquals(
      (await Deno.readTextFile(runner.env.GITHUB_PATH)).trim().split("\n"),
      [join(runner.home, "npm", "bin"), join(runner.home, "bin")],
      action.name,
    );
    assertEquals(
      (await Deno.readTextFile(runner.env.GITHUB_ENV)).trim(),
      `DIGLINE_TOOL=${join(runner.home, "src")}`,
      action.name,
    );
    await Deno.remove(runner.dir, { recursive: true });
  }
});

Deno.test("a cached folder installed under another key (another commit or Deno) is installed afresh", async () => {
  for (const action of actions(HEAD)) {
    const runner = await restoredRunner(HEAD);
    const steps = [...action.steps];
    const install = steps.pop()!;
    for (const step of steps) await runStep(step, runner);
    await Deno.writeTextFile(join(runner.home, "installed"), "digline-Linux-X64-deno2.9.5-old\n");
    const ran = await runStep(install, runner);
    ok(ran.code !== 0, action.name);
    match(ran.log, /STUB npm install --global --prefix .*deno@2\.9\.6/, action.name);
    await Deno.remove(runner.dir, { recursive: true });
  }
});

/** The `with:` of each `uses:` step of an action, by the action it uses. */
function usesSteps(text: string): { uses: string; with: Record<string, string>; if?: string }[] {
  const steps: { uses: string; with: Record<string, string>; if?: string }[] = [];
  for (const block of text.split(/\n {4}- /).slice(1)) {
    const uses = block.match(/^\s*uses: (\S+)$/m)?.[1];
    if (uses === undefined) continue;
    const within = Object.fromEntries(
      [...block.matchAll(/^ {8}([\w-]+): (.*)$/gm)].map((m) => [m[1], m[2]]),
    );
    const condition = block.match(/^\s*if: (.*)$/m)?.[1];
    steps.push({ uses, with: within, ...(condition === undefined ? {} : { if: condition }) });
  }
  return steps;
}

Deno.test("each action restores and saves one folder under one key, the one its install step fills", () => {
  for (const action of actions(HEAD)) {
    const used = usesSteps(action.text);
    const restore = used.find((s) => s.uses.startsWith("actions/cache/restore@"));
    const save = used.find((s) => s.uses.startsWith("actions/cache/save@"));
    ok(restore !== undefined && save !== undefined, action.name);
    assertEquals(save.with.path, restore.with.path, action.name);
    assertEquals(save.with.key, restore.with.key, action.name);
    assertEquals(save.if, "steps.cache.outputs.cache-hit != 'true'", action.name);
    const install = action.steps[action.steps.length - 1];
    assertEquals(install.env.DIGLINE_HOME, restore.with.path, action.name);
    assertEquals(install.env.DIGLINE_CACHE_KEY, restore.with.key, action.name);
    ok(!used.some((s) => s.uses.startsWith("actions/cache@")), action.name);
  }
});

Deno.test("init's local action names the pinned commit once, and its cache key holds it", async () => {
  const runner = await restoredRunner(HEAD);
  const local = localAction({ repository: "me/digline", commit: HEAD });
  assertEquals(local.split(HEAD).length - 1, 1, "the commit is written once");
  await runStep(actionStep(local, "Name the pinned digline and its cache key"), runner);
  assertEquals(runner.context["steps.key.outputs.key"], `digline-Linux-X64-deno2.9.6-${HEAD}`);
  assertEquals(runner.context["steps.key.outputs.commit"], HEAD);
  await Deno.remove(runner.dir, { recursive: true });
});

Deno.test("under init's local action, a restored checkout that is not the pinned commit fails the step before anything runs", async () => {
  const before = (await git(ROOT, "rev-parse", "HEAD~1")).trim();
  const runner = await restoredRunner(HEAD);
  const local = localAction({ repository: "me/digline", commit: before });
  await runStep(actionStep(local, "Name the pinned digline and its cache key"), runner);
  const key = runner.context["steps.key.outputs.key"];
  await Deno.writeTextFile(join(runner.home, "installed"), `${key}\n`);
  const ran = await runStep(actionStep(local, "Install Deno and digline, pinned"), runner);
  ok(ran.code !== 0, ran.log);
  assertEquals(await Deno.readTextFile(runner.env.GITHUB_PATH), "");
  await Deno.remove(runner.dir, { recursive: true });
});
