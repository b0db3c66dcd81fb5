/**
 * Derives `cases.tsv` from the two raw files of the UCI "Sentiment Labelled Sentences" data set.
 *
 * Run it from the repository root after changing the data or this script:
 *
 * ```sh
 * deno run --allow-read=examples/sentiment --allow-write=examples/sentiment/cases.tsv \
 *   examples/sentiment/make_cases.ts
 * ```
 *
 * @module
 */

/** One row of `cases.tsv`: a case of the sentiment suite. */
export interface SentimentCase {
  /** `<group>-<line>`, the line being 1-based and zero padded to four digits. */
  id: string;
  group: string;
  expected: "positive" | "negative";
  label: "1" | "0";
  text: string;
}

/** One raw file and the group its sentences belong to. */
export interface LabelledSource {
  group: string;
  raw: string;
}

/** The raw files this example ships, in the order their cases are written. */
export const SOURCES: readonly { group: string; file: string }[] = [
  { group: "amazon", file: "amazon_cells_labelled.txt" },
  { group: "yelp", file: "yelp_labelled.txt" },
];

/** The header row of `cases.tsv`; `text` becomes `vars.text` when digline loads the file. */
export const CASES_HEADER: readonly string[] = ["id", "group", "expected", "label", "text"];

/**
 * Parses one raw file (`sentence TAB 0|1` per line) into cases, throwing on any line that does not
 * have exactly that shape.
 *
 * @example
 * ```ts
 * import { equal } from "node:assert/strict";
 * const [c] = parseLabelledSentences({ group: "yelp", raw: "Wow... Loved this place.\t1\n" });
 * equal(c.id, "yelp-0001");
 * ```
 */
export function parseLabelledSentences(source: LabelledSource): SentimentCase[] {
  const { group, raw } = source;
  const lines = raw.split("\n");
  // A file that ends with a newline leaves one empty string behind; that is not a line.
  if (lines.at(-1) === "") lines.pop();
  return lines.map((line, index) => {
    const lineNumber = index + 1;
    const where = `${group} line ${lineNumber}`;
    const fields = line.split("\t");
    // TSV has no escape for a tab, so a sentence holding one would silently shift its columns.
    if (fields.length !== 2) {
      throw new Error(
        `Cannot parse ${where}: expected "sentence<TAB>label", found ${fields.length - 1} tabs`,
      );
    }
    const text = fields[0].trimEnd();
    const label = fields[1].trim();
    if (text === "") throw new Error(`Cannot parse ${where}: the sentence is empty`);
    if (/[\r\n]/.test(text)) {
      throw new Error(`Cannot parse ${where}: the sentence holds a line break`);
    }
    if (label !== "0" && label !== "1") {
      throw new Error(`Cannot parse ${where}: the label is "${label}", expected 0 or 1`);
    }
    return {
      id: `${group}-${String(lineNumber).padStart(4, "0")}`,
      group,
      expected: label === "1" ? "positive" : "negative",
      label,
      text,
    };
  });
}

/**
 * Renders cases as the text of `cases.tsv`: the header, one case a line, a final newline.
 *
 * @example
 * ```ts
 * import { equal } from "node:assert/strict";
 * const tsv = renderCasesTsv([
 *   { id: "yelp-0001", group: "yelp", expected: "positive", label: "1", text: "Loved it." },
 * ]);
 * equal(tsv, "id\tgroup\texpected\tlabel\ttext\nyelp-0001\tyelp\tpositive\t1\tLoved it.\n");
 * ```
 */
export function renderCasesTsv(cases: readonly SentimentCase[]): string {
  const rows = cases.map((c) => [c.id, c.group, c.expected, c.label, c.text].join("\t"));
  return [CASES_HEADER.join("\t"), ...rows].join("\n") + "\n";
}

/** Builds the whole `cases.tsv` text from the raw files, in the order given. */
export function buildCasesTsv(sources: readonly LabelledSource[]): string {
  const cases = sources.flatMap(parseLabelledSentences);
  const seen = new Set<string>();
  for (const c of cases) {
    // Two sources sharing a group name would otherwise produce clashing ids.
    if (seen.has(c.id)) throw new Error(`Cannot build cases: id "${c.id}" occurs twice`);
    seen.add(c.id);
  }
  return renderCasesTsv(cases);
}

/** Reads the shipped raw files from a data directory (a `file:` URL ending in `/`). */
export async function readSources(dataDir: URL): Promise<LabelledSource[]> {
  return await Promise.all(
    SOURCES.map(async ({ group, file }) => ({
      group,
      raw: await Deno.readTextFile(new URL(file, dataDir)),
    })),
  );
}

if (import.meta.main) {
  const sources = await readSources(new URL("./data/", import.meta.url));
  const out = new URL("./cases.tsv", import.meta.url);
  const tsv = buildCasesTsv(sources);
  await Deno.writeTextFile(out, tsv);
  console.log(`wrote ${tsv.split("\n").length - 2} cases to ${out.pathname}`);
}
