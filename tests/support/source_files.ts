import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

/** The repository's root folder. */
export const root = join(dirname(fileURLToPath(import.meta.url)), "..", "..");

/** Every source file under `dir` (a path from the root), as paths from the root, sorted. */
export function sourceFiles(dir: string): string[] {
  const files: string[] = [];
  for (const entry of Deno.readDirSync(join(root, dir))) {
    const path = join(dir, entry.name);
    if (entry.isDirectory) files.push(...sourceFiles(path));
    else if (/\.(ts|mts|js)$/.test(entry.name)) files.push(path);
  }
  return files.sort();
}

/** Strips comments so a word in a comment is not read as code. */
export function codeOnly(text: string): string {
  return text
    .replace(/\/\*[\s\S]*?\*\//g, "")
    .replace(/(^|[^:])\/\/.*$/gm, "$1");
}
