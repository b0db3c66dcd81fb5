import { join } from "node:path";

/**
 * A suite of 2×N cases from two tables, N in `cases.tsv` and N in `cases.jsonl`, as
 * bench/load_cases.ts times them and tests/host/suite_loader/cases_file_test.ts reads them.
 */
export async function writeLargeCases(dir: string, n: number): Promise<void> {
  const rows = Array.from(
    { length: n },
    (_, i) => `t${i}\tyelp\t${i % 2}\tThe "food" was fine, said guest ${i}.`,
  );
  await Deno.writeTextFile(join(dir, "cases.tsv"), `id\tgroup\tlabel\ttext\n${rows.join("\n")}\n`);
  const lines = Array.from(
    { length: n },
    (_, i) =>
      JSON.stringify({ id: `j${i}`, vars: { text: `sentence ${i}` }, expected: "positive" }),
  );
  await Deno.writeTextFile(join(dir, "cases.jsonl"), `${lines.join("\n")}\n`);
}
