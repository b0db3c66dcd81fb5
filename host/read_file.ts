import { FileAccessError, PermissionRefusedError } from "./refusals.ts";

/**
 * Reads a text file the user named, turning the environment's failures (not found, permission
 * denied, a directory, a path outside the granted permissions) into one-line refusals.
 */
export async function readTextFile(path: string): Promise<string> {
  try {
    return await Deno.readTextFile(path);
  } catch (error) {
    throw translateFileError(error, path);
  }
}

/** Maps a file-system failure on a named path to the refusal a user reads. */
export function translateFileError(error: unknown, path: string): unknown {
  if (error instanceof Deno.errors.NotCapable) return new PermissionRefusedError(path, "read");
  if (
    error instanceof Deno.errors.NotFound || error instanceof Deno.errors.PermissionDenied ||
    error instanceof Deno.errors.IsADirectory ||
    (error instanceof Error && /EISDIR|Is a directory/.test(error.message))
  ) {
    return new FileAccessError(path, { cause: error });
  }
  return error;
}
