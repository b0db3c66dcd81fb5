import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { UsageError } from "../process/refusals.ts";

/** The places init writes: the only write access its own process is given. */
export const INIT_WRITE_PATHS: readonly string[] = [
  "evals",
  ".github/workflows",
  ".github/actions/digline",
  ".digline",
];

/** Whether this process may write every place init writes. */
export function initMayWrite(): boolean {
  return INIT_WRITE_PATHS.every((path) =>
    Deno.permissions.querySync({ name: "write", path }).state === "granted"
  );
}

/**
 * Runs `init` again in a Deno process granted write access to exactly the places init writes.
 * digline's own flags keep writes inside the store, and widening them for a command run once
 * would widen them for every command; so init, and only init, gets a process of its own.
 */
export async function initInGrantedProcess(args: string[]): Promise<number> {
  const entry = Deno.mainModule;
  if (!entry.startsWith("file:") || Deno.build.standalone) {
    throw new UsageError(
      `init: this digline can not grant itself write access to ${
        INIT_WRITE_PATHS.join(", ")
      }; run init from a clone or the bundle (deno run --allow-read --allow-write=${
        INIT_WRITE_PATHS.join(",")
      } dist/digline.js init)`,
    );
  }
  const entryPath = fileURLToPath(entry);
  const config = await clonedConfig(entryPath);
  const child = await new Deno.Command(Deno.execPath(), {
    args: [
      "run",
      "--no-prompt",
      "--allow-read",
      `--allow-write=${INIT_WRITE_PATHS.join(",")}`,
      ...(config === undefined ? ["--no-config"] : ["--config", config]),
      entryPath,
      "init",
      ...args,
    ],
    stdin: "null",
    stdout: "inherit",
    stderr: "inherit",
  }).output();
  return child.code;
}

/**
 * The deno.json of the clone a source entry point (cli/main.ts) lives in; none for the bundle,
 * which holds every dependency.
 */
async function clonedConfig(entryPath: string): Promise<string | undefined> {
  if (!entryPath.endsWith(".ts")) return undefined;
  const candidate = join(dirname(entryPath), "..", "deno.json");
  try {
    await Deno.stat(candidate);
    return candidate;
  } catch {
    return undefined;
  }
}
