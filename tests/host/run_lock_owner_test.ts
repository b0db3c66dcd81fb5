import { deepStrictEqual as assertEquals, ok } from "node:assert/strict";
import fc from "fast-check";
import { plainLockOwner } from "../../host/run_lock_owner.ts";
import { LockOwnerSchema } from "../../host/run_lock_schema.ts";

const owner = { pid: 4242, host: "box", started_at: "2026-11-30T00:00:00.000Z" };

const anyValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.constant(undefined),
  fc.constant(null),
  fc.boolean(),
  fc.integer(),
  fc.double(),
  fc.constantFrom(2 ** 53, -0, 1.5),
  fc.string({ maxLength: 3 }),
  fc.array(fc.string(), { maxLength: 1 }),
);

const edited = fc.record({
  replace: fc.dictionary(fc.constantFrom(...Object.keys(owner), "extra"), anyValue, {
    maxKeys: 2,
  }),
  reverse: fc.boolean(),
}).map(({ replace, reverse }) => {
  const value: Record<string, unknown> = { ...owner, ...replace };
  for (const [key, v] of Object.entries(value)) if (v === undefined) delete value[key];
  const entries = Object.entries(value);
  return Object.fromEntries(reverse ? entries.reverse() : entries);
});

Deno.test("a run lock's owner is read by hand exactly as its schema reads it", () => {
  ok(plainLockOwner(owner) !== null);
  fc.assert(
    fc.property(edited, (value) => {
      const plain = plainLockOwner(value);
      const parsed = LockOwnerSchema.safeParse(value);
      if (plain === null) return;
      ok(parsed.success, JSON.stringify(value));
      assertEquals(JSON.stringify(plain), JSON.stringify(parsed.data));
    }),
    { numRuns: 2000 },
  );
});
