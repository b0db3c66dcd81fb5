import type { RunDocument } from "../core/run/run_document.ts";
import { scrubbedJson } from "./secrets.ts";

/**
 * About how much text one piece carries: tens of cases, never the whole run, and short enough
 * that V8 allocates it young, where it dies cheaply once written.
 */
const PIECE_CHARS = 16 * 1024;

/** How the empty cases array of the top level prints; raw newlines are only indentation's. */
const EMPTY_CASES = '\n "cases": []';

/**
 * A run document as `scrubbedJson(run, 1) + "\n"` prints it, byte for byte, in pieces: the
 * document around its cases, then the cases tens at a time, each serialized on its
 * own. A run of N cases is never held as one string of every case's text, nor encoded whole.
 */
export function* runDocumentJson(run: RunDocument): Generator<string> {
  const around = scrubbedJson({ ...run, cases: [] }, 1);
  // A string value's newlines are escaped, so this is the top level's key and no other.
  const at = around.indexOf(EMPTY_CASES);
  if (run.cases.length === 0 || at === -1) {
    yield scrubbedJson(run, 1) + "\n";
    return;
  }
  let piece = around.slice(0, at + EMPTY_CASES.length - 1);
  for (let index = 0; index < run.cases.length; index++) {
    // An element of a top-level array sits two spaces in; its own lines one more per level.
    const text = scrubbedJson(run.cases[index], 1).replaceAll("\n", "\n  ");
    piece += (index === 0 ? "\n  " : ",\n  ") + text;
    if (piece.length >= PIECE_CHARS) {
      yield piece;
      piece = "";
    }
  }
  yield piece + "\n ]" + around.slice(at + EMPTY_CASES.length) + "\n";
}
