import { deepStrictEqual as assertEquals } from "node:assert/strict";
import {
  caseInputs,
  inputsDigest,
  sentPrompt,
  withCaseInputs,
} from "../../../core/run/case_inputs.ts";
import type { CaseResult } from "../../../core/run/run_document.ts";
import type { Case } from "../../../core/suite/case.ts";

const CASES: Pick<Case, "id" | "vars" | "expected" | "output">[] = [
  { id: "a", vars: { q: "1" }, expected: "x" },
  { id: "b", vars: { q: "2", n: { deep: [1, 2] } } },
  { id: "c", vars: {}, output: "fixed", expected: { any: true } },
];

function results(): CaseResult[] {
  return CASES.map((c) => ({
    case_id: c.id,
    kind: "normal",
    output: "out",
    verdicts: [],
    latency_ms: 1,
    attempts: 1,
  }));
}

Deno.test("inputs digested while the run went give the document the same bytes as digesting them at the end", () => {
  const known = new Map(CASES.slice(0, 2).map((c) => [c.id, inputsDigest(c)]));
  // What a result records: its case's caseInputs, spread after its own fields.
  const atTheEnd = results().map((r, i) => ({
    ...r,
    ...caseInputs(CASES[i]),
    ...(Object.keys(CASES[i].vars).length === 0 ? {} : { vars: CASES[i].vars }),
  }));
  assertEquals(JSON.stringify(withCaseInputs(results(), CASES)), JSON.stringify(atTheEnd));
  const asTheyFinished = withCaseInputs(results(), CASES, { known });
  assertEquals(JSON.stringify(asTheyFinished), JSON.stringify(atTheEnd));
  // A case nobody digested yet (c) is digested then, not left without its inputs.
  assertEquals(asTheyFinished[2].inputs_digest, caseInputs(CASES[2]).inputs_digest);
});

Deno.test("a result for a case the suite does not declare is left as it came", () => {
  const stray: CaseResult = { ...results()[0], case_id: "z" };
  assertEquals(withCaseInputs([stray], CASES, { known: new Map() }), [stray]);
});

Deno.test("a result records its case's vars as the suite declared them, and none for a case without", () => {
  const recorded = withCaseInputs(results(), CASES);
  assertEquals(recorded.map((r) => r.vars), [
    { q: "1" },
    { q: "2", n: { deep: [1, 2] } },
    undefined,
  ]);
  assertEquals("vars" in recorded[2], false);
});

Deno.test("the prompt a model target sent is recorded for the cases it was sent for, and only those", () => {
  const target = { kind: "provider", prompt: "Q{{q}}?" };
  const recorded = withCaseInputs(
    [...results(), { ...results()[0], case_id: "d", attempts: 0 }],
    [...CASES, { id: "d", vars: { q: "4" } }],
    { prompt: (result, testCase) => sentPrompt(target, result, testCase) },
  );
  assertEquals(recorded.map((r) => r.prompt), ["Q1?", "Q2?", undefined, undefined]);
  // Another target sends no prompt digline knows, and a template the vars can not fill sent none.
  assertEquals(sentPrompt({ kind: "module" }, { attempts: 1 }, CASES[0]), undefined);
  assertEquals(
    sentPrompt({ kind: "provider", prompt: "{{missing}}" }, { attempts: 1 }, CASES[0]),
    undefined,
  );
});
