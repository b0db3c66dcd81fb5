import { dirname, resolve } from "node:path";
import { LinkRefusedError } from "../process/refusals.ts";

/**
 * Refuses a write to `path` that a link would carry somewhere else: a folder on the way that is a
 * symbolic link (its real path differs from its spelling), or the file itself when it is a
 * symbolic link or has other hard links. Deno checks permissions against the path as spelled, so
 * a link inside a writable store is a way to any file the process can reach.
 *
 * `options.replaces` says the file is replaced by a rename, which swaps a link for a file rather
 * than writing through it; the folders are checked all the same.
 */
export function refuseLinkedWrite(path: string, options: { replaces?: boolean } = {}): void {
  try {
    check(path, options);
  } catch (error) {
    // Without read access to the folders the links can not be seen; the write itself is then
    // left to Deno's permissions, which refuse it or not on their own.
    if (error instanceof Deno.errors.NotCapable) return;
    throw error;
  }
}

function check(path: string, options: { replaces?: boolean }): void {
  const file = resolve(path);
  const folder = existingAncestor(dirname(file));
  if (folder !== null && Deno.realPathSync(folder) !== folder) {
    throw new LinkRefusedError(path, { link: firstLinkedFolder(folder), kind: "symbolic link" });
  }
  if (options.replaces) return;
  let info: Deno.FileInfo;
  try {
    info = Deno.lstatSync(file);
  } catch (error) {
    if (error instanceof Deno.errors.NotFound || error instanceof Deno.errors.NotADirectory) return;
    throw error;
  }
  if (info.isSymlink) throw new LinkRefusedError(path, { link: path, kind: "symbolic link" });
  if (info.isFile && (info.nlink ?? 1) > 1) {
    throw new LinkRefusedError(path, { link: path, kind: "hard link" });
  }
}

function existingAncestor(dir: string): string | null {
  for (let at = dir;; at = dirname(at)) {
    try {
      Deno.lstatSync(at);
      return at;
    } catch (error) {
      // A file where a folder belongs is not a link: the write itself refuses it, by path.
      if (!(error instanceof Deno.errors.NotFound || error instanceof Deno.errors.NotADirectory)) {
        throw error;
      }
    }
    if (dirname(at) === at) return null;
  }
}

/** The outermost folder of `dir` that is a symbolic link, for a refusal that names it. */
function firstLinkedFolder(dir: string): string {
  const parts: string[] = [];
  for (let at = dir; dirname(at) !== at; at = dirname(at)) parts.unshift(at);
  return parts.find((at) => Deno.lstatSync(at).isSymlink) ?? dir;
}
