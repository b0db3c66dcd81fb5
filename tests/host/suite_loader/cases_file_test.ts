import { deepEqual, equal, match } from "node:assert/strict";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { SuiteLoadError } from "../../../host/process/refusals.ts";
import { loadSuite } from "../../../host/suite_loader/mod.ts";
import { writeLargeCases } from "../../../bench/_large_cases.ts";

const ROOT = fileURLToPath(new URL("../../../", import.meta.url));
const DIR = "tests/fixtures/suites/cases";

async function loadRefusal(path: string): Promise<SuiteLoadError> {
  try {
    await loadSuite(path, { cwd: ROOT });
  } catch (error) {
    if (error instanceof SuiteLoadError) return error;
    throw error;
  }
  throw new Error(`${path} loaded, and a refusal was expected`);
}

Deno.test("cases from a TSV file turn extra columns into vars", async () => {
  const { suite } = await loadSuite(`${DIR}/table_vars.toml`, { cwd: ROOT });
  const tsv = suite.cases.filter((c) => c.id.startsWith("t-"));
  deepEqual(tsv, [
    {
      id: "t-1",
      vars: { text: 'She said "great" & left.', lang: "en" },
      group: "yelp",
      kind: "normal",
    },
    // An empty var is still a var (an empty input is a case worth asking); a quote in a TSV
    // cell is text, since TSV has no quoting.
    { id: "t-2", vars: { text: 'The end"', lang: "" }, kind: "normal" },
  ]);
});

Deno.test("CSV columns fill case fields, empty cells leave them out, vars.x names a var", async () => {
  const { suite } = await loadSuite(`${DIR}/table_vars.toml`, { cwd: ROOT });
  deepEqual(suite.cases.slice(0, 2), [
    {
      id: "c-1",
      vars: { question: 'Is it "free"?', label: "urgent" },
      expected: "yes",
      label: "1",
      group: "billing",
      kind: "normal",
    },
    { id: "c-2", vars: { question: "", label: "" }, kind: "suspended", reason: "flaky upstream" },
  ]);
});

Deno.test("a bad JSONL line is refused naming its line", async () => {
  const error = await loadRefusal(`${DIR}/bad_line.toml`);
  equal(
    error.message,
    `${DIR}/bad_line.jsonl:3:54: not valid JSON: Expected ',' or '}' after property value`,
  );
  // Every bad line is reported, each at its own line.
  deepEqual(error.issues.map((i) => [i.file, i.line, i.column, i.key]), [
    [`${DIR}/bad_line.jsonl`, 3, 54, undefined],
    [`${DIR}/bad_line.jsonl`, 4, 1, 'key "id"'],
  ]);
  equal(error.issues[1].message, "required key is missing (expected string or number)");
});

Deno.test("a case id repeated in a cases file is refused at its line there", async () => {
  const error = await loadRefusal(`${DIR}/duplicate_across.toml`);
  equal(
    error.message,
    `${DIR}/duplicate_across.jsonl:2:27: key "id": case id "inline" is declared twice`,
  );
});

Deno.test("a CSV without an id column is refused at line 1 naming the file", async () => {
  const error = await loadRefusal(`${DIR}/no_id_column.toml`);
  match(error.message, /^tests\/fixtures\/suites\/cases\/no_id_column\.csv:1:1: header row: /);
  match(error.message, /no column is named "id" \(the columns are "name", "question"\)/);
});

Deno.test("a bad CSV cell is refused at its row and the column where the cell starts", async () => {
  const error = await loadRefusal(`${DIR}/bad_cell.toml`);
  deepEqual([error.file, error.line, error.column, error.key], [
    `${DIR}/bad_cell.csv`,
    3,
    13,
    'column "kind"',
  ]);
  match(error.detail, /expected one of "normal"\|"canary"\|"calibration"\|"suspended"/);
});

Deno.test("a CSV row with more cells than the header is refused at its line", async () => {
  const dir = await Deno.makeTempDir();
  try {
    await writeSuite(dir, "cases.csv");
    await Deno.writeTextFile(join(dir, "cases.csv"), "id,question\na,one\nb,two,three\n");
    const error = await loadRefusal(join(dir, "suite.toml"));
    equal(
      error.message,
      `${join(dir, "cases.csv")}:3:1: this row has 3 cells and the header row 2; ` +
        "every row has one cell per column",
    );
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("6,000 cases from TSV and JSONL all load, in file order, each with its own vars", async () => {
  // How fast they load is bench/load_cases.ts's figure: a timed test fails on a busy machine.
  const dir = await Deno.makeTempDir();
  try {
    await writeSuite(dir, ["cases.tsv", "cases.jsonl"]);
    await writeLargeCases(dir, 3000);
    const { suite } = await loadSuite(join(dir, "suite.toml"));
    equal(suite.cases.length, 6000);
    deepEqual(suite.cases[2999], {
      id: "t2999",
      vars: { text: 'The "food" was fine, said guest 2999.' },
      group: "yelp",
      label: "1",
      kind: "normal",
    });
    deepEqual(suite.cases[3000], {
      id: "j0",
      vars: { text: "sentence 0" },
      expected: "positive",
      kind: "normal",
    });
    equal(new Set(suite.cases.map((c) => c.id)).size, 6000);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

async function writeSuite(dir: string, casesFile: string | string[]): Promise<void> {
  await Deno.writeTextFile(
    join(dir, "suite.toml"),
    `name = "generated"\ncases_file = ${JSON.stringify(casesFile)}\n\n[target]\n` +
      'command = ["cat"]\n\n[[assertions]]\nname = "correct"\nkind = "equals"\n',
  );
}
