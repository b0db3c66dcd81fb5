import { crc32, crc32Hex } from "./crc32.ts";
import { dirname, join } from "node:path";
import { refuseLinkedWrite } from "./no_links.ts";
import { translateWriteError } from "./write_failure.ts";

/**
 * Writes a file so that a reader sees the old content or the new, never half of either: a temp
 * file beside it, flushed to disk, then renamed over the target. Content given in pieces (each
 * whole text, never half a surrogate pair) is encoded and written a piece at a time through
 * one small buffer, so a large document is never encoded whole. A folder on the way that is a
 * symbolic link is refused (see no_links.ts). A write that fails (a full disk) removes the temp
 * file and is refused naming the path and the bytes it needed. Temp files a killed writer left
 * beside it are removed first. Answers the size and CRC-32 of what it wrote, which the run
 * index records so a reader can tell the document changed since.
 *
 * `options.tempDir` writes the temp file there instead, a folder on the same file system that
 * nothing commits or lists (the store's `work/`): a writer killed mid-write then leaves nothing
 * in the target's folder, such as a repository's committed `baselines/`. Stale temps are removed
 * from both folders.
 */
export async function writeFileAtomic(
  path: string,
  content: string | Iterable<string>,
  options: { tempDir?: string } = {},
): Promise<{ bytes: number; crc32: string }> {
  refuseLinkedWrite(path, { replaces: true });
  const dir = dirname(path);
  const tempDir = options.tempDir ?? dir;
  for (const folder of new Set([dir, tempDir])) {
    try {
      await Deno.mkdir(folder, { recursive: true });
    } catch (error) {
      throw translateWriteError(error, { path: folder });
    }
    removeStaleTemps(folder);
  }
  const temp = join(tempDir, `${TEMP_PREFIX}${Deno.pid}-${crypto.randomUUID()}`);
  if (tempDir !== dir) refuseLinkedWrite(temp);
  // Summed as it is written, a buffer at a time, so the document is never held whole.
  const sum = { crc: 0 };
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
        size += await writeEncoded(file, writing, { buffer, sum });
        writing = "";
      }
      await file.sync();
    } finally {
      file.close();
    }
    await Deno.rename(temp, path);
    return { bytes: size, crc32: crc32Hex(sum.crc) };
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
async function writeEncoded(
  file: Deno.FsFile,
  text: string,
  into: { buffer: Uint8Array; sum: { crc: number } },
): Promise<number> {
  const buffer = into.buffer;
  let rest = text;
  let size = 0;
  while (rest.length > 0) {
    const { read, written } = encoder.encodeInto(rest, buffer);
    let done = 0;
    into.sum.crc = crc32(buffer.subarray(0, written), into.sum.crc);
    while (done < written) done += await file.write(buffer.subarray(done, written));
    size += written;
    rest = rest.slice(read);
  }
  return size;
}

/** Temp files are named `.tmp-PID-UUID`; older digline named them `.tmp-UUID`. */
const TEMP_PREFIX = ".tmp-";
/** A temp file of the old naming, which names no process, is stale once it is this old. */
const UNNAMED_STALE_MS = 60 * 60 * 1000;

/**
 * Removes the temp files a killed writer left in `dir`: those of a process that no longer runs
 * (or, named before temp files carried their pid, untouched for an hour). A live writer's are
 * left alone, and anything that can not be asked or removed is left for the next write.
 */
export function removeStaleTemps(dir: string): void {
  let entries: Deno.DirEntry[];
  try {
    entries = [...Deno.readDirSync(dir)];
  } catch {
    return;
  }
  for (const entry of entries) {
    if (!entry.isFile || !entry.name.startsWith(TEMP_PREFIX)) continue;
    const path = join(dir, entry.name);
    const pid = /^\.tmp-(\d+)-/.exec(entry.name)?.[1];
    try {
      if (pid === undefined) {
        const modified = Deno.statSync(path).mtime?.getTime() ?? Date.now();
        if (Date.now() - modified < UNNAMED_STALE_MS) continue;
      } else if (processRuns(Number(pid))) continue;
      Deno.removeSync(path);
    } catch {
      // Gone already (another writer cleaned it), or not ours to remove.
    }
  }
}

/**
 * Whether a process may still be running. A signal to a pid that does not exist says it is
 * gone; SIGWINCH is ignored by default, so asking changes nothing for one that is there. A
 * process that may not send signals can not tell, and assumes it runs.
 */
function processRuns(pid: number): boolean {
  if (pid === Deno.pid) return true;
  try {
    Deno.kill(pid, "SIGWINCH");
    return true;
  } catch (error) {
    return !(error instanceof Deno.errors.NotFound);
  }
}
