import { FileAccessError, PermissionRefusedError } from "./refusals.ts";

/** How a file the user named is shown in a refusal, and what it was meant to be. */
export interface NamedFile {
  /** The path as the user wrote it, or as it reads beside the suite. */
  display: string;
  /** "suite", "cases file": the word the refusal uses. */
  what: string;
}

/** Reads a text file the user named; the environment's failures become one-line refusals. */
export async function readNamedFile(path: string, named: NamedFile): Promise<string> {
  try {
    const text = await Deno.readTextFile(path);
    // Editors on Windows save a byte-order mark; it is not part of the first key.
    return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  } catch (error) {
    throw translateAccessError(error, named);
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
