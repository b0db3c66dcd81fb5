import { PermissionRefusedError, StoreWriteError } from "../process/refusals.ts";

/**
 * Maps a failure to write into the store to the refusal a user reads: a full disk names the
 * bytes the write needed, a file where a folder belongs names the path, and an unwritable one
 * names the permission. Anything else is passed on unchanged.
 */
export function translateWriteError(
  error: unknown,
  options: { path: string; bytes?: number },
): unknown {
  if (error instanceof StoreWriteError || error instanceof PermissionRefusedError) return error;
  if (error instanceof Deno.errors.NotCapable) {
    return PermissionRefusedError.fromNotCapable(error, { fallback: options.path });
  }
  const code = error instanceof Error && "code" in error ? String(error.code) : "";
  const reason = WRITE_REASONS[code]?.(options.bytes);
  if (reason === undefined) return error;
  return new StoreWriteError(options.path, { reason, cause: error });
}

const WRITE_REASONS: Record<string, (bytes?: number) => string> = {
  ENOSPC: (bytes) =>
    `no space left on the device (this write needed ${
      bytes === undefined ? "more" : `${bytes} bytes`
    }); free space there and run again (run --resume continues an interrupted run)`,
  EDQUOT: () => "the disk quota is exhausted; free space there and run again",
  ENOTDIR: () =>
    "a part of the path is a file where a folder belongs; move that file away or choose " +
    "another --store",
  EEXIST: () =>
    "a part of the path is a file where a folder belongs; move that file away or choose " +
    "another --store",
  EISDIR: () => "it is a folder where a document belongs; move it away",
  EACCES: () => "permission denied; make the store writable or choose another --store",
  EPERM: () => "the operation is not permitted; make the store writable or choose another --store",
  EROFS: () => "the file system is read-only; choose another --store",
};
