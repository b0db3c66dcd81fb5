import { deepStrictEqual as assertEquals } from "node:assert/strict";
import { CaseResultSchema, RunDocumentSchema } from "../../../core/run/run_document.ts";
import { VerdictSchema } from "../../../core/run/verdict.ts";
import { HAND_CHECKED_FIELDS } from "../../../core/run/run_document_check.ts";

/**
 * The fields the hand checks leave to the schema on purpose, each with why. A field added to a
 * schema must be added to the hand check or here: a field in neither would send every document
 * that holds it down the slow path, and only a benchmark would notice.
 */
const LEFT_TO_THE_SCHEMA = {
  run: {
    shard: "a shard run is read by merge, once",
    baseline_rechecks: "only a run made after a pure check changed",
  },
  case: {
    output_notes: "only an output that was not UTF-8",
    samples: "only a run with repeats, read by promote and compare of a noisy baseline",
  },
  verdict: {},
} as const;

Deno.test("every field of the run schema is read by the hand check or left to the schema on purpose", () => {
  const schemas = {
    run: RunDocumentSchema,
    case: CaseResultSchema,
    verdict: VerdictSchema,
  } as const;
  for (const part of ["run", "case", "verdict"] as const) {
    const declared = Object.keys(schemas[part].shape).sort();
    const chosen = [
      ...HAND_CHECKED_FIELDS[part],
      ...Object.keys(LEFT_TO_THE_SCHEMA[part]),
    ].sort();
    assertEquals(chosen, declared, `the ${part}'s fields`);
  }
});

Deno.test("the run hand check knows its fields in the schema's order", () => {
  const declared = Object.keys(RunDocumentSchema.shape).filter((key) =>
    !(key in LEFT_TO_THE_SCHEMA.run)
  );
  assertEquals([...HAND_CHECKED_FIELDS.run], declared);
});
