import { deepStrictEqual as assertEquals, ok } from "node:assert/strict";
import { CaseSchema } from "../../../core/suite/case.ts";
import { plainCase } from "../../../host/suite_loader/cases_jsonl.ts";

/** A small seeded generator, so a failure names the trial that found it. */
function generator(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)];
  return { next, pick };
}

const VALUES: unknown[] = [
  "x",
  "",
  " spaced ",
  0,
  -1.5,
  1e21,
  true,
  false,
  null,
  [],
  [1, "a", null],
  {},
  { nested: { deep: [1, { k: "v" }] } },
];
const IDS: unknown[] = [
  "a",
  "case-1",
  "",
  "has space",
  "tab\tin",
  "x".repeat(200),
  "x".repeat(201),
  7,
  1.5,
  null,
];
const KEYS = ["id", "vars", "expected", "group", "label", "kind", "reason", "repeats", "other"];

Deno.test("a plain case line reads exactly as CaseSchema reads it (2,000 random lines)", () => {
  const random = generator(20261130);
  let plain = 0;
  for (let trial = 0; trial < 2000; trial++) {
    const value: Record<string, unknown> = {};
    for (const key of KEYS) {
      if (
        random.next() < (key === "id" ? 0.95 : key === "vars" || key === "expected" ? 0.6 : 0.04)
      ) {
        value[key] = key === "id" ? random.pick(IDS) : random.pick(VALUES);
      }
    }
    if (random.next() < 0.3) value.vars = { text: random.pick(VALUES), n: random.pick(VALUES) };
    if (random.next() < 0.2) value.group = random.pick(["g1", "", 3]);
    if (random.next() < 0.2) value.label = random.pick(["pos", 1, true, ""]);
    const line = JSON.parse(JSON.stringify(value));
    const fast = plainCase(line);
    if (fast === null) continue;
    plain++;
    const parsed = CaseSchema.safeParse(line);
    ok(
      parsed.success,
      `trial ${trial}: the fast path took a line the schema refuses: ${JSON.stringify(line)}`,
    );
    assertEquals(fast, parsed.data, `trial ${trial}: ${JSON.stringify(line)}`);
  }
  ok(plain > 200, `only ${plain} of the lines were plain: the test would prove little`);
});
