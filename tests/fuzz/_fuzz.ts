import fc from "fast-check";
import { decideFailure } from "../../host/process/failure.ts";

/**
 * How many inputs each loader is fed: a small slice in CI, `DIGLINE_FUZZ_RUNS=10000` (the
 * `fuzz` task) for the nightly size.
 */
export const FUZZ_RUNS = Number(Deno.env.get("DIGLINE_FUZZ_RUNS") ?? "60");

/** Longest one input may take before the property counts it as a hang. */
export const HANG_MS = 10_000;

/**
 * The contract a loader keeps for every input: it loads, or it throws a refusal (exit 64).
 * Anything else is what the CLI would report as a failure nobody anticipated (exit 70).
 */
export async function loadsOrRefuses(load: () => unknown | Promise<unknown>): Promise<void> {
  try {
    await load();
  } catch (error) {
    // The CLI's own decision: 64 is a refusal, anything else here would be digline's failure.
    if (decideFailure(error).exitCode === 64) return;
    const text = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
    throw new Error(`not a refusal (would exit 70): ${text}`, { cause: error });
  }
}

/**
 * Text made from a valid document by the edits that break files in practice: a character
 * dropped, inserted or swapped, a line repeated or cut, the text truncated, a chunk of
 * arbitrary text (control characters and astral symbols included) spliced in.
 */
export function mutated(valid: string): fc.Arbitrary<string> {
  const edit = fc.oneof(
    fc.record({
      kind: fc.constant("drop" as const),
      at: fc.nat(),
      length: fc.integer({ min: 1, max: 8 }),
    }),
    fc.record({ kind: fc.constant("insert" as const), at: fc.nat(), text: noise() }),
    fc.record({ kind: fc.constant("truncate" as const), at: fc.nat() }),
    fc.record({ kind: fc.constant("repeat-line" as const), at: fc.nat() }),
    fc.record({ kind: fc.constant("replace" as const), at: fc.nat(), text: noise() }),
  );
  return fc.array(edit, { minLength: 1, maxLength: 4 }).map((edits) => {
    let text = valid;
    for (const e of edits) {
      const at = text.length === 0 ? 0 : e.at % (text.length + 1);
      if (e.kind === "drop") text = text.slice(0, at) + text.slice(at + e.length);
      else if (e.kind === "insert") text = text.slice(0, at) + e.text + text.slice(at);
      else if (e.kind === "truncate") text = text.slice(0, at);
      else if (e.kind === "replace") {
        text = text.slice(0, at) + e.text + text.slice(at + e.text.length);
      } else {
        const lines = text.split("\n");
        const line = e.at % lines.length;
        lines.splice(line, 0, lines[line]);
        text = lines.join("\n");
      }
    }
    return text;
  });
}

/** Short strings that are likely to break a parser: syntax characters, numbers at the edges. */
function noise(): fc.Arbitrary<string> {
  return fc.oneof(
    fc.string({ unit: "grapheme", maxLength: 12 }),
    fc.string({ unit: "binary", maxLength: 6 }),
    fc.constantFrom(
      '"',
      "'",
      "[",
      "]",
      "{",
      "}",
      "=",
      ",",
      "\n",
      "\r\n",
      "\t",
      "\\",
      "\\u",
      "#",
      "[[",
      "1e309",
      "-0",
      "9007199254740993",
      "3000000000",
      "nan",
      "inf",
      "true",
      "null",
      "\u0000",
      "\ud800",
      "{{",
      "}}",
      "(a+)+$",
      "(",
      "*",
      "../",
      "/etc/passwd",
      "__proto__",
      "constructor",
      '"__proto__"',
      '="x"',
      "[target]",
      "[[cases]]",
      "[[assertions]]",
      'kind = "regex"',
    ),
  );
}

/** A JSON value of any shape, nested a little, with keys from a document's own vocabulary. */
export function jsonValue(keys: readonly string[]): fc.Arbitrary<unknown> {
  return fc.letrec((tie) => ({
    value: fc.oneof(
      { depthSize: "small", withCrossShrink: true },
      fc.constantFrom(null, true, false, 0, -1, 1.5, 1e309 / 1e309, 2 ** 53, ""),
      fc.string({ maxLength: 8 }),
      fc.double(),
      fc.array(tie("value"), { maxLength: 4 }),
      fc.dictionary(fc.oneof(fc.constantFrom(...keys), fc.string({ maxLength: 6 })), tie("value"), {
        maxKeys: 5,
      }),
    ),
  })).value;
}
