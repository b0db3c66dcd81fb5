import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { taskFlags } from "../../tools/task_flags.ts";

/** The repository root. */
export const ROOT = join(dirname(fileURLToPath(import.meta.url)), "..", "..");

/** The `deno run` flags of the `digline` task: tests run the CLI exactly as users do. */
export function cliFlags(): string[] {
  return taskFlags("digline", "cli/main.ts");
}

/** The `deno run` arguments that launch the real CLI with the task's flags. */
export function cliCommandArgs(
  args: string[],
  options: { extraFlags?: string[]; entry?: string } = {},
): string[] {
  return [
    "run",
    "--config",
    join(ROOT, "deno.json"),
    ...cliFlags(),
    ...(options.extraFlags ?? []),
    options.entry ?? join(ROOT, "cli", "main.ts"),
    ...args,
  ];
}

/** Starts the real CLI as a child process, for tests that signal it or talk to it. */
export function spawnCli(
  args: string[],
  options: {
    cwd: string;
    stdin?: "null" | "piped";
    stdout?: "null" | "piped";
    stderr?: "null" | "piped";
    env?: Record<string, string>;
  },
): Deno.ChildProcess {
  return new Deno.Command(Deno.execPath(), {
    args: cliCommandArgs(args),
    cwd: options.cwd,
    ...(options.env === undefined ? {} : { env: options.env }),
    stdin: options.stdin ?? "null",
    stdout: options.stdout ?? "null",
    stderr: options.stderr ?? "null",
  }).spawn();
}

/** What a CLI invocation printed and how it exited. */
export interface CliResult {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs the real CLI in a subprocess, in `cwd`, with the task's flags plus any extra. */
export async function cli(
  args: string[],
  options: { cwd: string; extraFlags?: string[]; entry?: string; env?: Record<string, string> },
): Promise<CliResult> {
  const out = await new Deno.Command(Deno.execPath(), {
    args: cliCommandArgs(args, options),
    cwd: options.cwd,
    stdout: "piped",
    stderr: "piped",
    env: { NO_COLOR: "1", ...options.env },
  }).output();
  const decoder = new TextDecoder();
  return { code: out.code, stdout: decoder.decode(out.stdout), stderr: decoder.decode(out.stderr) };
}

/** A temporary directory holding the given files (paths relative to it). */
export async function workspace(files: Record<string, string>): Promise<string> {
  const dir = await Deno.makeTempDir({ prefix: "digline-test-" });
  for (const [path, content] of Object.entries(files)) {
    await Deno.mkdir(dirname(join(dir, path)), { recursive: true });
    await Deno.writeTextFile(join(dir, path), content);
  }
  return dir;
}

/** A small data-form suite whose system is `system.ts`, so a test can change the system. */
export const SMALL_SUITE = `
name = "small"

[target]
module = "system.ts"
export = "answer"
retries = 0

[[assertions]]
name = "correct"
kind = "equals"

[[assertions]]
name = "says-something"
kind = "includes"
value = "a"

[[aggregates]]
name = "accuracy"
kind = "accuracy"
over = "correct"
by = "group"

[[cases]]
id = "one"
vars = { n = 1 }
expected = "a1"
group = "g1"

[[cases]]
id = "two"
vars = { n = 2 }
expected = "a2"
group = "g1"

[[cases]]
id = "three"
vars = { n = 3 }
expected = "a3"
group = "g2"
`;

/** A system for SMALL_SUITE that answers "a<n>" except for the numbers listed as wrong. */
export function smallSystem(options: { wrong?: number[]; throwOn?: number[] } = {}): string {
  return `export function answer(vars) {
  if (${JSON.stringify(options.throwOn ?? [])}.includes(vars.n)) throw new Error("system down");
  return ${JSON.stringify(options.wrong ?? [])}.includes(vars.n) ? "a0" : "a" + vars.n;
}
`;
}

/** Runs git in `cwd` as a fixed author, throwing its stderr when it fails; returns its stdout. */
export async function git(cwd: string, ...args: string[]): Promise<string> {
  const out = await new Deno.Command("git", {
    args: ["-c", "user.name=Ana", "-c", "user.email=ana@example.com", ...args],
    cwd,
    stdout: "piped",
    stderr: "piped",
  }).output();
  if (!out.success) {
    throw new Error(`git ${args.join(" ")}: ${new TextDecoder().decode(out.stderr)}`);
  }
  return new TextDecoder().decode(out.stdout);
}
