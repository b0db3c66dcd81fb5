import { dirname, join } from "node:path";
import { refuseLinkedWrite } from "./no_links.ts";
import { translateWriteError } from "./write_failure.ts";

/**
 * Writes a file so that a reader sees the old content or the new, never half of either: a temp
 * file beside it, flushed to disk, then renamed over the target. A folder on the way that is a
 * symbolic link is refused (see no_links.ts). A write that fails (a full disk) removes the temp
 * file and is refused naming the path and the bytes it needed.
 */
export async function writeFileAtomic(path: string, content: string): Promise<void> {
  refuseLinkedWrite(path, { replaces: true });
  const bytes = new TextEncoder().encode(content);
  const dir = dirname(path);
  try {
    await Deno.mkdir(dir, { recursive: true });
  } catch (error) {
    throw translateWriteError(error, { path: dir });
  }
  const temp = join(dir, `.tmp-${crypto.randomUUID()}`);
  try {
    const file = await Deno.open(temp, { write: true, createNew: true });
    try {
      let written = 0;
      while (written < bytes.length) written += await file.write(bytes.subarray(written));
      await file.sync();
    } finally {
      file.close();
    }
    await Deno.rename(temp, path);
  } catch (error) {
    await Deno.remove(temp).catch(() => {});
    throw translateWriteError(error, { path, bytes: bytes.length });
  }
}
