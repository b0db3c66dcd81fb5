import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

/** The repository root. */
export const REPOSITORY_ROOT: string = join(dirname(fileURLToPath(import.meta.url)), "..");

/**
 * The `deno run` permission flags a deno.json task gives its entry point, so the demo, the
 * scenarios, the benchmarks and the tests launch each entry exactly as its task does.
 */
export function taskFlags(task: string, entry: string): string[] {
  const config = JSON.parse(Deno.readTextFileSync(join(REPOSITORY_ROOT, "deno.json")));
  const words = String(config.tasks[task]).split(/\s+/);
  return words.slice(words.indexOf("run") + 1, words.indexOf(entry));
}

/** Runs `deno ARGS` from the repository root, echoing the command line, and returns its exit code. */
export async function runDeno(args: string[]): Promise<number> {
  console.error(`deno ${args.join(" ")}`);
  const { code } = await new Deno.Command(Deno.execPath(), {
    args,
    cwd: REPOSITORY_ROOT,
    stdout: "inherit",
    stderr: "inherit",
  }).output();
  return code;
}
