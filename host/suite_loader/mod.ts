/**
 * The suite loader: reads a suite in either form (a TOML file, or a module that exports a
 * suite made by defineSuite) and returns it ready to run, or refuses it with its location.
 *
 * @module
 */
import { dirname, extname, resolve } from "node:path";
import type { Suite } from "../../core/suite/suite.ts";
import { PermissionRefusedError, UsageError } from "../process/refusals.ts";
import { loadTomlSuite } from "./toml_suite.ts";

export { CASES_FILE_EXTENSIONS } from "./cases_file.ts";

/** A loaded suite and where it came from. */
export interface LoadedSuite {
  suite: Suite;
  /** The path as the user named it. */
  source: string;
  /** The absolute folder of the suite file; relative paths in the suite are read from it. */
  dir: string;
}

/** Where relative paths are read from, and which cases to hold. */
export interface LoadSuiteOptions {
  /** The folder `path` is relative to; the process's working directory by default. */
  cwd?: string;
  /**
   * Hold only the cases whose ids this keeps (a shard's): the others are read and refused as
   * ever and count in the suite's digests, but a TOML suite's cases files hold no more of them
   * than its checks need. The suite's cases are the kept ones. Every case when absent.
   */
  keepCase?: (caseId: string) => boolean;
}

/** The extensions of a suite written as a module. */
export const CODE_SUITE_EXTENSIONS: readonly string[] = [".ts", ".mts", ".js", ".mjs"];

/**
 * Loads a suite: `.toml` is the data form, `.ts`, `.mts`, `.js` and `.mjs` the code form.
 * Throws a refusal (SuiteLoadError, SuiteRaisedError, FileAccessError, AssertionShapeError,
 * PermissionRefusedError, UsageError) for a suite that does not load as written.
 */
export async function loadSuite(
  path: string,
  options: LoadSuiteOptions = {},
): Promise<LoadedSuite> {
  const processCwd = currentDirectory();
  const base = options.cwd ?? processCwd;
  if (base === undefined) {
    throw new PermissionRefusedError(".", "read", { context: "to find " + path });
  }
  const cwd = resolve(base);
  const absolute = resolve(cwd, path);
  const extension = extname(path).toLowerCase();
  let suite: Suite;
  if (extension === ".toml") {
    suite = await loadTomlSuite(absolute, { source: path, keepCase: options.keepCase });
  } else if (CODE_SUITE_EXTENSIONS.includes(extension)) {
    // Loaded only for a suite written as a module: a TOML suite's run starts without it.
    const { loadCodeSuite } = await import("./code_suite.ts");
    suite = await loadCodeSuite(absolute, {
      source: path,
      cwd,
      needsCd: cwd !== processCwd,
      keepCase: options.keepCase,
    });
  } else {
    throw new UsageError(
      `Cannot load suite "${path}": a suite is a .toml file, or a module ending in ${
        CODE_SUITE_EXTENSIONS.join(", ")
      }`,
    );
  }
  return { suite, source: path, dir: dirname(absolute) };
}

function currentDirectory(): string | undefined {
  try {
    return Deno.cwd();
  } catch {
    // Deno asks for read permission to tell the working directory.
    return undefined;
  }
}
