import type { RunDocument } from "../../core/run/run_document.ts";
import { scrubbedJson } from "../process/secrets.ts";

/**
 * About how much text one piece carries: tens of cases, never the whole run, and short enough
 * that V8 allocates it young, where it dies cheaply once written.
 */
const PIECE_CHARS = 16 * 1024;

/** How the empty cases array of the top level prints; raw newlines are only indentation's. */
const EMPTY_CASES = '\n "cases": []';

/**
 * A stored run document's text, in pieces (ADR 0072). The rule: the run as
 * `scrubbedJson(run, 1)` prints it (one space per level), except that each case is printed
 * compactly, as `scrubbedJson(case)`, on a line of its own two spaces in; a run without cases
 * prints its `"cases": []` as that rule does; a newline ends the document. Pretty-printing every
 * case made a third of the bytes whitespace, and bytes are what reading a run costs.
 * A run of N cases is never held as one string of every case's text, nor encoded whole.
 */
export function* runDocumentJson(run: RunDocument): Generator<string> {
  const around = scrubbedJson({ ...run, cases: [] }, 1);
  // A string value's newlines are escaped, so this is the top level's key and no other.
  const at = around.indexOf(EMPTY_CASES);
  if (run.cases.length === 0) {
    yield around + "\n";
    return;
  }
  if (at === -1) throw new Error("a run document printed without its top-level cases key");
  let piece = around.slice(0, at + EMPTY_CASES.length - 1);
  for (let index = 0; index < run.cases.length; index++) {
    piece += (index === 0 ? "\n  " : ",\n  ") + scrubbedJson(run.cases[index]);
    if (piece.length >= PIECE_CHARS) {
      yield piece;
      piece = "";
    }
  }
  yield piece + "\n ]" + around.slice(at + EMPTY_CASES.length) + "\n";
}
