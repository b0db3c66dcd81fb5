import { join } from "node:path";
import { writeFileAtomic } from "../files/atomic_write.ts";
import { type ScaffoldFile, scaffoldFiles, type ScaffoldOptions } from "./scaffold_files.ts";

/** What init wrote and what it found already there, each relative to the project folder. */
export interface InitResult {
  written: string[];
  /** Files init would write that exist: each is left exactly as it is. */
  left: string[];
}

/** Which files init writes: all of its scaffold, or only the CI files (`init --ci-only`). */
export interface InitOptions extends ScaffoldOptions {
  ciOnly?: boolean;
}

/**
 * Writes each file of the scaffold that `dir` lacks and leaves each one it has: nothing is ever
 * overwritten, so init run again in a project (to add the CI files, say) never replaces a user's
 * suite, and says for each file which it did.
 */
export async function initProject(dir: string, options: InitOptions): Promise<InitResult> {
  const files = scaffoldFiles(options).filter((file) => !options.ciOnly || isCiFile(file));
  const result: InitResult = { written: [], left: [] };
  for (const file of files) {
    if (await exists(join(dir, file.path))) {
      result.left.push(file.path);
    } else {
      await writeFileAtomic(join(dir, file.path), file.content);
      result.written.push(file.path);
    }
  }
  return result;
}

/** A file only CI reads: the workflow, or the local action it uses. */
export function isCiFile(file: ScaffoldFile): boolean {
  return file.path.startsWith(".github/");
}

async function exists(path: string): Promise<boolean> {
  try {
    await Deno.lstat(path);
    return true;
  } catch (error) {
    if (error instanceof Deno.errors.NotFound) return false;
    throw error;
  }
}
