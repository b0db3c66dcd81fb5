import { FileAccessError, NotUtf8Error, PermissionRefusedError } from "../process/refusals.ts";
import { decodeUtf8 } from "./utf8.ts";

/** How a file the user named is shown in a refusal, and what it was meant to be. */
export interface NamedFile {
  /** The path as the user wrote it, or as it reads beside the suite. */
  display: string;
  /** "suite", "cases file": the word the refusal uses. */
  what: string;
}

/**
 * Reads a text file the user named; the environment's failures become one-line refusals, and
 * so do bytes that are not UTF-8 (with their offset), which are never silently replaced.
 */
export function readNamedFile(path: string, named: NamedFile): Promise<string> {
  try {
    return Promise.resolve(readNamedFileSync(path, named));
  } catch (error) {
    return Promise.reject(error);
  }
}

/** readNamedFile, for a caller with nothing else to do meanwhile. */
export function readNamedFileSync(path: string, named: NamedFile): string {
  let bytes: Uint8Array;
  try {
    bytes = readWholeFile(path);
  } catch (error) {
    throw translateAccessError(error, named);
  }
  const decoded = decodeUtf8(bytes);
  if ("fault" in decoded) throw new NotUtf8Error(named.display, decoded.fault);
  const text = decoded.text;
  // Editors on Windows save a byte-order mark; it is not part of the first key.
  return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
}

/**
 * A file's bytes, read into one buffer sized from the file's own length. Deno.readFile grows its
 * buffer as it reads and answers through the event loop: 60-110 ms for a 9 MB run document,
 * against about 18 ms this way. The stated size is only a hint: a file that grows while it is
 * read, or one whose size the system reports as 0 (/proc, a pipe), is read on to its end.
 */
export function readWholeFile(path: string): Uint8Array {
  const file = Deno.openSync(path, { read: true });
  try {
    const info = file.statSync();
    if (info.isDirectory) throw new Deno.errors.IsADirectory(`Is a directory: ${path}`);
    // One byte more than the stated size, so a file read whole meets its end without a resize.
    let buffer = new Uint8Array(info.size + 1);
    let filled = 0;
    for (;;) {
      if (filled === buffer.length) {
        const larger = new Uint8Array(Math.max(buffer.length * 2, 64 * 1024));
        larger.set(buffer);
        buffer = larger;
      }
      const read = file.readSync(buffer.subarray(filled));
      if (read === null) break;
      filled += read;
    }
    return buffer.subarray(0, filled);
  } finally {
    file.close();
  }
}

/**
 * Checks that a module the user named is a readable file before it is imported, so a typo reads
 * as "file not found" rather than as the module system's own error.
 */
export async function checkReadableFile(path: string, named: NamedFile): Promise<void> {
  try {
    const info = await Deno.stat(path);
    if (info.isDirectory) throw new Deno.errors.IsADirectory(`Is a directory: ${path}`);
    const file = await Deno.open(path, { read: true });
    file.close();
  } catch (error) {
    throw translateAccessError(error, named);
  }
}

/** Maps a file-system failure on a path the user named to the refusal a user reads. */
export function translateAccessError(error: unknown, named: NamedFile): unknown {
  if (error instanceof Deno.errors.NotCapable) {
    return new PermissionRefusedError(named.display, "read", { cause: error });
  }
  // Every other OS failure on a file the user named is the environment, never digline.
  if (
    error instanceof Deno.errors.NotFound || error instanceof Deno.errors.PermissionDenied ||
    error instanceof Deno.errors.IsADirectory || error instanceof Deno.errors.NotADirectory ||
    (error instanceof Error && "code" in error && typeof error.code === "string" &&
      /^E[A-Z]+$/.test(error.code))
  ) {
    return new FileAccessError(named.display, { cause: error, what: named.what });
  }
  return error;
}
