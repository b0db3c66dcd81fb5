import { deepStrictEqual as assertEquals, ok } from "node:assert/strict";
import fc from "fast-check";
import { BaselineDocumentSchema } from "../../../core/run/run_document.ts";
import { isPlainBaselineDocument } from "../../../core/run/baseline_document_check.ts";

const single = {
  schema_version: 1,
  suite: "s",
  tenant: "default",
  run_id: "20260101-000000-000-000000",
  promoted_by: "ana",
  promoted_at: "2026-01-01T00:00:02.000Z",
  because: "first baseline",
};
const several = {
  ...single,
  because: null,
  runs: ["20260101-000000-000-000000", "20260101-000100-000-abcdef"],
  measured: {
    of: 2,
    passes: { c1: { a1c918e4da61d0d6: 2 }, c2: { a1c918e4da61d0d6: 1 } },
    noisy: ["c2 · correct"],
    figures: {
      accuracy: { values: [1, 0.5], spread: 0.5 },
      len: { values: [null, 3], spread: null },
    },
  },
};

const anyValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.constant(undefined),
  fc.constant(null),
  fc.boolean(),
  fc.integer({ min: -1, max: 2 }),
  fc.constant(0),
  fc.double(),
  fc.constantFrom(
    "",
    "s",
    "20260101-000000-000-000000",
    "20260101-000000-000-00000",
    "2026-01-01T00:00:02.000Z",
    "2026-01-01T00:00:02Z",
    "2026-02-30T00:00:02.000Z",
  ),
  fc.array(fc.constantFrom("20260101-000000-000-000000", "x", 1), { maxLength: 2 }),
  fc.dictionary(fc.constantFrom("c1", "__proto__", "of"), fc.oneof(fc.string(), fc.integer())),
);

/** An approval with some of its keys (or its record's) changed, removed, added or moved. */
const edited = fc.record({
  base: fc.constantFrom(single, several),
  replace: fc.dictionary(
    fc.constantFrom(...Object.keys(several), "extra"),
    anyValue,
    { maxKeys: 2 },
  ),
  measured: fc.dictionary(
    fc.constantFrom(...Object.keys(several.measured), "extra"),
    anyValue,
    { maxKeys: 1 },
  ),
  figure: fc.dictionary(fc.constantFrom("values", "spread", "extra"), anyValue, { maxKeys: 1 }),
  reverse: fc.boolean(),
}).map(({ base, replace, measured, figure, reverse }) => {
  const value: Record<string, unknown> = { ...base, ...replace };
  if (base === several && !("measured" in replace)) {
    value.measured = {
      ...several.measured,
      ...measured,
      figures: { accuracy: { ...several.measured.figures.accuracy, ...figure } },
    };
  }
  for (const [key, v] of Object.entries(value)) if (v === undefined) delete value[key];
  const entries = Object.entries(value);
  return JSON.parse(JSON.stringify(Object.fromEntries(reverse ? entries.reverse() : entries)));
});

Deno.test("the hand check of an approval accepts what digline promote writes", () => {
  ok(isPlainBaselineDocument(single));
  ok(isPlainBaselineDocument(several));
  assertEquals(BaselineDocumentSchema.parse(several), several);
});

Deno.test("the hand check of an approval accepts nothing the schema refuses, and changes nothing", () => {
  let accepted = 0;
  fc.assert(
    fc.property(edited, (value) => {
      if (!isPlainBaselineDocument(value)) return;
      accepted++;
      const parsed = BaselineDocumentSchema.safeParse(value);
      ok(parsed.success, `accepted by hand, refused by the schema: ${JSON.stringify(value)}`);
      // Key for key and in the schema's order, so the document reads back the same either way.
      assertEquals(JSON.stringify(parsed.data), JSON.stringify(value));
    }),
    { numRuns: 5000 },
  );
  // The property is not vacuous: edits the schema allows (another name, a reason) are accepted.
  ok(accepted > 100, `only ${accepted} edited approvals were accepted`);
});

Deno.test("the hand check refuses an approval with its keys out of order, and leaves it to the schema", () => {
  const { suite, ...rest } = single;
  const moved = { ...rest, suite };
  ok(!isPlainBaselineDocument(moved));
  ok(BaselineDocumentSchema.safeParse(moved).success);
});
