import { deepStrictEqual as assertEquals } from "node:assert/strict";
import { isRunLabel } from "../../../core/run/run_label.ts";
import { RunLabelSchema } from "../../../core/run/run_label_schema.ts";

Deno.test("run --label's check and the documents' schema take the same labels", () => {
  const labels = [
    "VADER",
    "prompt v2 · temperature 0.2",
    "",
    "   ",
    "two\nlines",
    "carriage\rreturn",
    "line\u2028separator",
    "x".repeat(200),
    "x".repeat(201),
  ];
  const taken = labels.map((label) => RunLabelSchema.safeParse(label).success);
  assertEquals(labels.map(isRunLabel), taken);
  assertEquals(taken, [true, true, false, false, false, false, false, true, false]);
});
