import { join } from "node:path";
import { writeFileAtomic } from "../store/atomic_write.ts";
import { UsageError } from "../process/refusals.ts";
import { type ScaffoldFile, scaffoldFiles, type ScaffoldOptions } from "./scaffold_files.ts";

/** What init wrote, relative to the project folder. */
export interface InitResult {
  written: string[];
}

/**
 * Writes the scaffold into `dir`. Nothing is overwritten: when any file already exists, init
 * refuses before writing anything, so a second init never half-replaces a user's suite.
 */
export async function initProject(
  dir: string,
  options: ScaffoldOptions,
): Promise<InitResult> {
  const files = scaffoldFiles(options);
  const present = [];
  for (const file of files) {
    if (await exists(join(dir, file.path))) present.push(file.path);
  }
  if (present.length > 0) {
    throw new UsageError(
      `init: ${present.join(", ")} already exist${
        present.length === 1 ? "s" : ""
      }: init writes only into a project without them (move them aside to start over)`,
    );
  }
  for (const file of files) await write(dir, file);
  return { written: files.map((f) => f.path) };
}

async function write(dir: string, file: ScaffoldFile): Promise<void> {
  await writeFileAtomic(join(dir, file.path), file.content);
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
