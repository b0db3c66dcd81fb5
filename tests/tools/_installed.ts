import { delimiter, dirname, join } from "node:path";
import { ROOT } from "../cli/_cli.ts";
import { buildBundle } from "../../tools/bundle.ts";

const decoder = new TextDecoder();

/** The environment of a user's shell with the installed command's bin folder on PATH. */
export function installedEnv(installRoot: string): Record<string, string> {
  const path = [join(installRoot, "bin"), dirname(Deno.execPath()), Deno.env.get("PATH")]
    .join(delimiter);
  const home = Deno.env.get("HOME");
  return {
    PATH: path,
    DENO_INSTALL_ROOT: installRoot,
    NO_COLOR: "1",
    // Deno's module cache, so npm packages the machine already holds are not fetched again.
    ...(home === undefined ? {} : { HOME: home }),
  };
}

/** Runs a command the way a user's shell would, with the installed bin folder on PATH. */
export async function sh(
  command: string,
  args: string[],
  options: { cwd: string; installRoot: string },
): Promise<{ code: number; out: string; stdout: string; stderr: string }> {
  const result = await new Deno.Command(command, {
    args,
    cwd: options.cwd,
    env: installedEnv(options.installRoot),
    stdout: "piped",
    stderr: "piped",
  }).output();
  const stdout = decoder.decode(result.stdout);
  const stderr = decoder.decode(result.stderr);
  return { code: result.code, out: stdout + stderr, stdout, stderr };
}

/**
 * Builds the bundle (without declarations) into a temporary folder and installs its `cli.js`
 * as `digline` under a temporary install root, as `deno task install --from` does; returns the
 * root and the bundle's folder.
 */
export async function installBundle(): Promise<{ installRoot: string; bundle: string }> {
  const installRoot = await Deno.makeTempDir({ prefix: "digline-install-" });
  const bundle = await Deno.makeTempDir({ prefix: "digline-installed-bundle-" });
  const built = await buildBundle(bundle, { types: false });
  if (built !== 0) throw new Error(`deno bundle exited ${built}`);
  const install = await sh(
    Deno.execPath(),
    ["task", "install", "--from", join(bundle, "cli.js")],
    { cwd: ROOT, installRoot },
  );
  if (install.code !== 0) throw new Error(install.out);
  return { installRoot, bundle };
}
