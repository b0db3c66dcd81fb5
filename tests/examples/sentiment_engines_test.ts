import { deepEqual, equal, ok, rejects, throws } from "node:assert/strict";
import {
  buildCasesTsv,
  CASES_HEADER,
  parseLabelledSentences,
  readSources,
  type SentimentCase,
} from "../../examples/sentiment/make_cases.ts";
import { classify as afinn } from "../../examples/sentiment/engines/afinn.ts";
import { classify as vader } from "../../examples/sentiment/engines/vader.ts";

const root = new URL("../../examples/sentiment/", import.meta.url);
const dataDir = new URL("data/", root);

async function shippedCases(): Promise<SentimentCase[]> {
  return (await readSources(dataDir)).flatMap(parseLabelledSentences);
}

Deno.test("sentiment cases.tsv is byte for byte what make_cases derives from the raw data", async () => {
  const expected = new TextEncoder().encode(buildCasesTsv(await readSources(dataDir)));
  const committed = await Deno.readFile(new URL("cases.tsv", root));
  ok(
    committed.length === expected.length && committed.every((b, i) => b === expected[i]),
    "cases.tsv is stale: run examples/sentiment/make_cases.ts and keep its output",
  );
});

Deno.test("sentiment raw data parses into 2,000 balanced cases with unique ids", async () => {
  const cases = await shippedCases();
  equal(cases.length, 2000);
  equal(new Set(cases.map((c) => c.id)).size, 2000);
  for (const group of ["amazon", "yelp"]) {
    const inGroup = cases.filter((c) => c.group === group);
    equal(inGroup.length, 1000, group);
    equal(inGroup.filter((c) => c.label === "1").length, 500, `${group} positives`);
  }
  for (const c of cases) {
    equal(c.expected, c.label === "1" ? "positive" : "negative", c.id);
    ok(/^(amazon|yelp)-\d{4}$/.test(c.id), c.id);
    ok(c.text.length > 0 && c.text === c.text.trimEnd() && !/[\t\r\n]/.test(c.text), c.id);
  }
  deepEqual(cases[0], {
    id: "amazon-0001",
    group: "amazon",
    expected: "negative",
    label: "0",
    text: "So there is no way for me to plug it in here in the US unless I go by a converter.",
  });
});

Deno.test("sentiment cases header names the case fields and the text var", () => {
  deepEqual(CASES_HEADER, ["id", "group", "expected", "label", "text"]);
});

Deno.test("make_cases numbers lines from 1 and strips trailing whitespace and CR", () => {
  const cases = parseLabelledSentences({ group: "yelp", raw: "Loved it.  \t1\r\nMeh.\t0\r\n" });
  deepEqual(cases.map((c) => [c.id, c.expected, c.label, c.text]), [
    ["yelp-0001", "positive", "1", "Loved it."],
    ["yelp-0002", "negative", "0", "Meh."],
  ]);
});

Deno.test("make_cases refuses a sentence holding a tab, naming the line", () => {
  throws(
    () => parseLabelledSentences({ group: "yelp", raw: "Fine.\t1\nGood\tfood.\t1\n" }),
    /yelp line 2.*2 tabs/,
  );
});

Deno.test("make_cases refuses a label other than 0 or 1", () => {
  throws(() => parseLabelledSentences({ group: "amazon", raw: "Fine.\t2\n" }), /amazon line 1/);
});

Deno.test("make_cases refuses two sources that would produce the same ids", () => {
  throws(
    () => buildCasesTsv([{ group: "yelp", raw: "A.\t1\n" }, { group: "yelp", raw: "B.\t0\n" }]),
    /yelp-0001/,
  );
});

for (const [name, classify] of [["afinn", afinn], ["vader", vader]] as const) {
  Deno.test(`${name} engine answers only positive or negative, even for text without sentiment`, async () => {
    for (const text of ["", "   ", "The phone is blue.", "12345", "!!!", "Great!", "Awful."]) {
      const answer = await classify({ text });
      ok(answer === "positive" || answer === "negative", `${JSON.stringify(text)} -> ${answer}`);
    }
    equal(await classify({ text: "I love it, it is wonderful." }), "positive");
    equal(await classify({ text: "I hate it, it is terrible." }), "negative");
  });

  Deno.test(`${name} engine rejects vars without a string text with a TypeError`, async () => {
    for (const vars of [{}, { text: 3 }, { text: null }, null, "text", ["text"]]) {
      await rejects(
        classify(vars as unknown as { text: string }),
        (e: unknown) => e instanceof TypeError && /vars(\.text)? must be/.test(e.message),
      );
    }
  });
}

Deno.test("on the real data VADER beats AFINN overall yet each engine wins cases the other loses", async () => {
  const cases = await shippedCases();
  let afinnRight = 0;
  let vaderRight = 0;
  let onlyAfinnRight = 0;
  let onlyVaderRight = 0;
  for (const c of cases) {
    const a = (await afinn({ text: c.text })) === c.expected;
    const v = (await vader({ text: c.text })) === c.expected;
    if (a) afinnRight++;
    if (v) vaderRight++;
    if (a && !v) onlyAfinnRight++;
    if (v && !a) onlyVaderRight++;
  }
  const afinnAccuracy = afinnRight / cases.length;
  const vaderAccuracy = vaderRight / cases.length;
  ok(afinnAccuracy < vaderAccuracy);
  // These are the figures measured with Node and quoted in the example's README; if an engine
  // package changes its word list, the demo's story changes with it, and this should say so.
  equal(afinnAccuracy, 0.8035);
  equal(vaderAccuracy, 0.8205);
  // 86 is what the demo's compare reports as regressed when system.ts moves to VADER.
  equal(onlyAfinnRight, 86);
  equal(onlyVaderRight, 120);
});
