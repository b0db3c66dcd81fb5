import { deepStrictEqual as assertEquals, ok } from "node:assert/strict";
import fc from "fast-check";
import { plainJournalHeader } from "../../host/journal_header.ts";
import { JournalHeaderSchema } from "../../host/journal_read.ts";

const header = {
  journal: 1,
  run_id: "20261130-000000-000-aaaaaa",
  suite: "j",
  cases_digest: "0123456789abcdef",
  config_hash: "fedcba9876543210",
  started_at: "2026-11-30T00:00:00.000Z",
  git_commit: null,
};

const anyValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.constant(undefined),
  fc.constant(null),
  fc.boolean(),
  fc.integer({ min: -1, max: 2 }),
  fc.string({ maxLength: 3 }),
  fc.constantFrom(
    "20261130-000000-000-aaaaaa",
    "20261130-000000-000-AAAAAA",
    "0123456789abcdef",
    "0123456789ABCDEF",
    "2026-11-30T00:00:00.000Z",
    "2026-11-30T00:00:00Z",
    "2026-02-30T00:00:00.000Z",
    "2026-11-30T00:00:00.000+01:00",
    "2026-13-01T00:00:00.000Z",
  ),
  fc.array(fc.string(), { maxLength: 1 }),
);

/** A header with some keys changed, removed, added or moved. */
const edited = fc.record({
  replace: fc.dictionary(fc.constantFrom(...Object.keys(header), "extra"), anyValue, {
    maxKeys: 2,
  }),
  reverse: fc.boolean(),
}).map(({ replace, reverse }) => {
  const value: Record<string, unknown> = { ...header, ...replace };
  for (const [key, v] of Object.entries(value)) if (v === undefined) delete value[key];
  const entries = Object.entries(value);
  return Object.fromEntries(reverse ? entries.reverse() : entries);
});

Deno.test("the journal header's hand check accepts the header run writes, in the schema's order", () => {
  const plain = plainJournalHeader({ ...header, git_commit: "abc" });
  ok(plain !== null);
  const parsed = JournalHeaderSchema.parse({ ...header, git_commit: "abc" });
  assertEquals(JSON.stringify(plain), JSON.stringify(parsed));
});

Deno.test("the journal header's hand check accepts nothing its schema refuses, and writes what it would", () => {
  fc.assert(
    fc.property(edited, (value) => {
      const plain = plainJournalHeader(value);
      if (plain === null) return;
      const parsed = JournalHeaderSchema.safeParse(value);
      ok(parsed.success, JSON.stringify(value));
      assertEquals(JSON.stringify(plain), JSON.stringify(parsed.data));
    }),
    { numRuns: 2000 },
  );
});
