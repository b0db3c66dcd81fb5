import { deepStrictEqual as assertEquals } from "node:assert/strict";
import { join } from "node:path";
import fc from "fast-check";
import type { RunSynopsis } from "../../../core/run/run_synopsis.ts";
import { indexPath, readRunIndex } from "../../../host/store/run_index.ts";

function synopsis(n: number, note: string): RunSynopsis {
  const id = `20261130-${String(n).padStart(6, "0")}-000-${n.toString(16).padStart(6, "0")}`;
  return {
    run_id: id,
    suite: "s",
    started_at: "2026-11-30T00:00:00.000Z",
    git_commit: null,
    // Lines of every length, some with characters of two to four bytes, so the pieces the index
    // is read in end inside lines and inside characters.
    target: { kind: "function", name: note },
    cases: n,
    cases_digest: "aaaaaaaaaaaaaaaa",
    config_hash: "bbbbbbbbbbbbbbbb",
    errored_checks: [],
    failed_checks: 0,
    figures: {},
  };
}

Deno.test("an index read from its end finds the last line of each wanted run, whatever its length", async () => {
  const dir = await Deno.makeTempDir();
  const lineArbitrary = fc.record({
    run: fc.nat({ max: 400 }),
    note: fc.string({ unit: fc.constantFrom("a", "é", "語", "🙂"), maxLength: 3000, size: "max" }),
  });
  await fc.assert(
    fc.asyncProperty(
      fc.array(lineArbitrary, { minLength: 1, maxLength: 120, size: "max" }),
      fc.array(fc.nat({ max: 400 }), { maxLength: 30 }),
      fc.boolean(),
      fc.boolean(),
      async (lines, wantedRuns, torn, all) => {
        const written = lines.map((l) => synopsis(l.run, l.note));
        const text = written.map((s) => JSON.stringify(s) + "\n").join("") +
          (torn ? '{"run_id":"20261130-0' : "");
        await Deno.writeTextFile(indexPath(dir), text);
        // Some runs with no line, and every run written: each line that straddles two of the
        // pieces the index is read in is then asked for.
        const wanted = new Set([
          ...wantedRuns.map((n) => synopsis(n, "").run_id),
          ...(all ? written.map((s) => s.run_id) : []),
        ]);
        const index = readRunIndex(dir, wanted);
        assertEquals(index.torn, torn);
        for (const id of wanted) {
          const last = written.findLast((s) => s.run_id === id);
          assertEquals(await index.synopsis(id), last, id);
        }
      },
    ),
    { numRuns: 150 },
  );
});

Deno.test("an index of a suite folder that has none answers nothing", async () => {
  const dir = await Deno.makeTempDir();
  const index = readRunIndex(join(dir, "absent"), new Set(["20261130-000000-000-000000"]));
  assertEquals(await index.synopsis("20261130-000000-000-000000"), undefined);
  assertEquals(index.torn, false);
});
