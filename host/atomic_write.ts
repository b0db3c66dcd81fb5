import { dirname, join } from "node:path";
import { refuseLinkedWrite } from "./no_links.ts";
import { translateWriteError } from "./write_failure.ts";

/**
 * Writes a file so that a reader sees the old content or the new, never half of either: a temp
 * file beside it, flushed to disk, then renamed over the target. Content given in pieces is
 * encoded and written a piece at a time, so a large document is never encoded whole. A folder
 * on the way that is a symbolic link is refused (see no_links.ts). A write that fails (a full
 * disk) removes the temp file and is refused naming the path and the bytes it needed.
 */
export async function writeFileAtomic(
  path: string,
  content: string | Iterable<string>,
): Promise<void> {
  refuseLinkedWrite(path, { replaces: true });
  const encoder = new TextEncoder();
  const dir = dirname(path);
  try {
    await Deno.mkdir(dir, { recursive: true });
  } catch (error) {
    throw translateWriteError(error, { path: dir });
  }
  const temp = join(dir, `.tmp-${crypto.randomUUID()}`);
  const pieces = (typeof content === "string" ? [content] : content)[Symbol.iterator]();
  let size = 0;
  try {
    const file = await Deno.open(temp, { write: true, createNew: true });
    try {
      for (let piece = pieces.next(); !piece.done; piece = pieces.next()) {
        const bytes = encoder.encode(piece.value);
        size += bytes.length;
        let written = 0;
        while (written < bytes.length) written += await file.write(bytes.subarray(written));
      }
      await file.sync();
    } finally {
      file.close();
    }
    await Deno.rename(temp, path);
  } catch (error) {
    await Deno.remove(temp).catch(() => {});
    // The refusal names every byte the document needed, not only those written before it failed.
    for (let piece = pieces.next(); !piece.done; piece = pieces.next()) {
      size += encoder.encode(piece.value).length;
    }
    throw translateWriteError(error, { path, bytes: size });
  }
}
