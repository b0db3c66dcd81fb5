import { dirname, join } from "node:path";
import { refuseLinkedWrite } from "./no_links.ts";

/**
 * Writes a file so that a reader sees the old content or the new, never half of either: a temp
 * file beside it, flushed to disk, then renamed over the target. A folder on the way that is a
 * symbolic link is refused (see no_links.ts).
 */
export async function writeFileAtomic(path: string, content: string): Promise<void> {
  refuseLinkedWrite(path, { replaces: true });
  const dir = dirname(path);
  await Deno.mkdir(dir, { recursive: true });
  const temp = join(dir, `.tmp-${crypto.randomUUID()}`);
  const file = await Deno.open(temp, { write: true, createNew: true });
  try {
    const bytes = new TextEncoder().encode(content);
    let written = 0;
    while (written < bytes.length) written += await file.write(bytes.subarray(written));
    await file.sync();
  } finally {
    file.close();
  }
  try {
    await Deno.rename(temp, path);
  } catch (error) {
    await Deno.remove(temp).catch(() => {});
    throw error;
  }
}
