/**
 * Where the browser tests find Chromium, and whether a run skips them: only where it is missing
 * and the run is not CI's (CI=true), which must run them, so a missing browser fails there.
 *
 * @module
 */

/** Debian's Chromium, which `.ci/run` installs when it is missing. */
export const DEFAULT_CHROMIUM = "/usr/bin/chromium";

/** How to get the browser tests to run, for the one line that says they were skipped. */
export const HOW_TO_GET_CHROMIUM =
  "install it (apt-get install -y chromium on Debian, as root; through sudo otherwise), " +
  "or name another Chromium with DIGLINE_CHROMIUM=/path/to/chromium";

/** A variable's value, or undefined where the process may not read it (a test run alone). */
function variable(name: string): string | undefined {
  const { state } = Deno.permissions.querySync({ name: "env", variable: name });
  return state === "granted" ? Deno.env.get(name) : undefined;
}

/** The Chromium the browser tests drive: DIGLINE_CHROMIUM, or Debian's. */
export function chromiumPath(): string {
  return variable("DIGLINE_CHROMIUM") || DEFAULT_CHROMIUM;
}

/** Whether this is a CI run (CI set, and not to "false" or "0"), where nothing is skipped. */
export function underCi(): boolean {
  const value = variable("CI");
  return value !== undefined && value !== "" && value !== "false" && value !== "0";
}

/** Why this run skips the browser tests, or undefined when it runs them. */
export function browserSkip(): string | undefined {
  if (underCi()) return undefined;
  const chromium = chromiumPath();
  try {
    if (Deno.statSync(chromium).isFile) return undefined;
  } catch {
    // Missing, or out of this process's reach: either way the tests could not start it.
  }
  return `Chromium is missing at ${chromium}`;
}
