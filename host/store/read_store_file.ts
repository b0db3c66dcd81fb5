import { LinkedDocumentError } from "../process/refusals.ts";
import { type NamedFile, readNamedFile, translateAccessError } from "../files/read_named_file.ts";

/**
 * Reads a document of the store (a run, an approval, a confirmation, a journal): as
 * readNamedFile, but a symbolic link is refused by its own path and never followed, so no
 * refusal can quote a file outside the store. A suite or a cases file the user names may be a
 * link; nothing digline wrote is one.
 */
export async function readStoreFile(path: string, named: NamedFile): Promise<string> {
  refuseLinkedRead(path, named);
  return await readNamedFile(path, named);
}

/** Refuses a store document that is a symbolic link; anything else is left to the read. */
export function refuseLinkedRead(path: string, named: NamedFile): void {
  let info: Deno.FileInfo;
  try {
    info = Deno.lstatSync(path);
  } catch (error) {
    throw translateAccessError(error, named);
  }
  if (info.isSymlink) throw new LinkedDocumentError(named.display);
}
