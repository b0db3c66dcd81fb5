import { parse } from "smol-toml";

/**
 * The program a TOML suite's `command` target starts, read without loading the suite (loading a
 * suite written in code runs it); null for any other target, a suite written in code, or a file
 * that does not parse (the suite loader refuses that at its line when it loads it).
 */
export async function commandTargetProgram(suitePath: string): Promise<string | null> {
  if (!suitePath.endsWith(".toml")) return null;
  let target: unknown;
  try {
    target = (parse(await Deno.readTextFile(suitePath)) as { target?: unknown }).target;
  } catch {
    return null;
  }
  const command = (target as { command?: unknown } | undefined)?.command;
  return Array.isArray(command) && typeof command[0] === "string" ? command[0] : null;
}
