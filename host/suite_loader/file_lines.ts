import { type NamedFile, readWholeFile, translateAccessError } from "../files/read_named_file.ts";
import { NotUtf8Error } from "../process/refusals.ts";
import { decodeUtf8 } from "../files/utf8.ts";

/** A text file's lines (split at "\n", as String.split splits them), each asked by its index. */
export interface FileLines {
  readonly count: number;
  at(index: number): string;
  /** Frees what holds the lines now, rather than at a collection that may not come: none is asked after. */
  release?(): void;
}

/** The lines of a text already read whole. */
export function textLines(text: string): FileLines {
  const lines = text.split("\n");
  return { count: lines.length, at: (index) => lines[index] };
}

// A decoder that keeps a leading U+FEFF: each line is decoded on its own, and only the file's
// first line may lose one.
const lenient = new TextDecoder("utf-8", { ignoreBOM: true });

/**
 * A file's lines held as its bytes and decoded one at a time as they are asked, so the file is
 * never held twice (its bytes and its text) nor as a string per line: a shard reads its suite's
 * cases file this way (ADR 0076). The lines are those of readNamedFileSync's text split at "\n":
 * the same byte-order mark dropped, the same refusals for a file that can not be read, and, at
 * the first line asked that holds bytes that are not UTF-8, the same NotUtf8Error for the file.
 */
export function readFileLines(path: string, named: NamedFile): FileLines {
  let bytes: Uint8Array;
  try {
    bytes = readWholeFile(path);
  } catch (error) {
    throw translateAccessError(error, named);
  }
  // readNamedFileSync's decoder drops a byte-order mark, and then it drops a U+FEFF that follows.
  const start = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf ? 3 : 0;
  const ends: number[] = [];
  for (let i = start; i < bytes.length; i++) if (bytes[i] === 0x0a) ends.push(i);
  let checked = false;
  return {
    count: ends.length + 1,
    at(index) {
      const from = index === 0 ? start : ends[index - 1] + 1;
      const to = index < ends.length ? ends[index] : bytes.length;
      const decoded = lenient.decode(bytes.subarray(from, to));
      const line = index === 0 && decoded.charCodeAt(0) === 0xfeff ? decoded.slice(1) : decoded;
      // A "\n" ends no UTF-8 sequence, so the file's bytes are UTF-8 exactly when every line
      // decodes without U+FFFD; one that does not (or holds U+FFFD itself) asks the whole file.
      if (!checked && line.includes("\uFFFD")) {
        checked = true;
        const decoded = decodeUtf8(bytes);
        if ("fault" in decoded) throw new NotUtf8Error(named.display, decoded.fault);
      }
      return line;
    },
    release() {
      // Detaching the buffer frees its bytes at once; a full collection, which would free them
      // otherwise, seldom comes before the run has allocated as much again.
      if (bytes.buffer instanceof ArrayBuffer) bytes.buffer.transfer(0);
      ends.length = 0;
    },
  };
}
