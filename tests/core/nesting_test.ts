import { deepStrictEqual as assertEquals } from "node:assert/strict";
import fc from "fast-check";
import { tooDeepPath } from "../../core/nesting.ts";

// The property: the walk that visits only objects and arrays names the same path as a walk that
// visits every value with its whole path, the way tooDeepPath first measured.

function everyValueWalk(value: unknown, limit: number): (string | number)[] | undefined {
  const stack: { value: unknown; path: (string | number)[] }[] = [{ value, path: [] }];
  while (stack.length > 0) {
    const { value: current, path } = stack.pop()!;
    if (typeof current !== "object" || current === null) continue;
    if (path.length >= limit) return path.slice(0, 3);
    const entries: [string | number, unknown][] = Array.isArray(current)
      ? current.map((item, index) => [index, item])
      : Object.entries(current);
    for (const [key, item] of entries) stack.push({ value: item, path: [...path, key] });
  }
  return undefined;
}

const json = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: "medium", maxDepth: 9 },
    fc.string(),
    fc.integer(),
    fc.boolean(),
    fc.constant(null),
    fc.array(tie("value"), { maxLength: 4 }),
    fc.dictionary(fc.string({ maxLength: 3 }), tie("value"), { maxKeys: 4 }),
  ),
})).value;

Deno.test("tooDeepPath names the path a walk of every value names, at every limit", () => {
  fc.assert(
    fc.property(json, fc.integer({ min: 0, max: 8 }), (value, limit) => {
      assertEquals(tooDeepPath(value, limit), everyValueWalk(value, limit));
    }),
    { numRuns: 3000 },
  );
});

Deno.test("a value nested 20,000 deep is measured, not a stack overflow", () => {
  let deep: unknown = "bottom";
  for (let i = 0; i < 20000; i++) deep = { next: [deep] };
  assertEquals(tooDeepPath(deep, 64), ["next", 0, "next"]);
  assertEquals(tooDeepPath({ a: [1, { b: "x" }] }, 64), undefined);
});
