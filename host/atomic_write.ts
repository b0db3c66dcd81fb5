import { dirname, join } from "node:path";
import { refuseLinkedWrite } from "./no_links.ts";
import { translateWriteError } from "./write_failure.ts";

/**
 * Writes a file so that a reader sees the old content or the new, never half of either: a temp
 * file beside it, flushed to disk, then renamed over the target. Content given in pieces (each
 * whole text, never half a surrogate pair) is encoded and written a piece at a time through
 * one small buffer, so a large document is never encoded whole. A folder on the way that is a
 * symbolic link is refused (see no_links.ts). A write that fails (a full disk) removes the temp
 * file and is refused naming the path and the bytes it needed.
 */
export async function writeFileAtomic(
  path: string,
  content: string | Iterable<string>,
): Promise<void> {
  refuseLinkedWrite(path, { replaces: true });
  const dir = dirname(path);
  try {
    await Deno.mkdir(dir, { recursive: true });
  } catch (error) {
    throw translateWriteError(error, { path: dir });
  }
  const temp = join(dir, `.tmp-${crypto.randomUUID()}`);
  // One buffer for every piece: a document's bytes are never held whole, nor left as garbage.
  const buffer = new Uint8Array(BUFFER_BYTES);
  const pieces = (typeof content === "string" ? [content] : content)[Symbol.iterator]();
  let size = 0;
  let writing = "";
  try {
    const file = await Deno.open(temp, { write: true, createNew: true });
    try {
      for (let piece = pieces.next(); !piece.done; piece = pieces.next()) {
        writing = piece.value;
        size += await writeEncoded(file, writing, buffer);
        writing = "";
      }
      await file.sync();
    } finally {
      file.close();
    }
    await Deno.rename(temp, path);
  } catch (error) {
    await Deno.remove(temp).catch(() => {});
    // The refusal names every byte the document needed, not only those written before it failed.
    size += encoder.encode(writing).length;
    for (let piece = pieces.next(); !piece.done; piece = pieces.next()) {
      size += encoder.encode(piece.value).length;
    }
    throw translateWriteError(error, { path, bytes: size });
  }
}

const BUFFER_BYTES = 64 * 1024;
const encoder = new TextEncoder();

/** Writes text as UTF-8 through a buffer, a buffer's worth at a time; answers the bytes written. */
async function writeEncoded(file: Deno.FsFile, text: string, buffer: Uint8Array): Promise<number> {
  let rest = text;
  let size = 0;
  while (rest.length > 0) {
    const { read, written } = encoder.encodeInto(rest, buffer);
    let done = 0;
    while (done < written) done += await file.write(buffer.subarray(done, written));
    size += written;
    rest = rest.slice(read);
  }
  return size;
}
