import { deepStrictEqual as assertEquals, ok } from "node:assert/strict";
import { compareRuns } from "../../../core/compare/compare_runs.ts";
import { VERDICT_FORCED_BY_FACT } from "../../../core/compare/facts.ts";
import { explainLines } from "../../../core/compare/explain_lines.ts";
import { SCENARIOS } from "../_scenarios.ts";

Deno.test("every tally kind is stated by some fixture", () => {
  const seen = new Set(
    SCENARIOS.flatMap((s) => compareRuns(s.baseline, s.candidate, s).facts.map((f) => f.kind)),
  );
  const unexercised = Object.keys(VERDICT_FORCED_BY_FACT).filter((k) =>
    !seen.has(k as keyof typeof VERDICT_FORCED_BY_FACT)
  );
  assertEquals(unexercised, []);
});

Deno.test("no exit code is produced that no printed fact accounts for", () => {
  for (const scenario of SCENARIOS) {
    const comparison = compareRuns(scenario.baseline, scenario.candidate, scenario);
    const lines = explainLines(comparison);
    const kinds = lines.slice(0, -1).map((line) => line.split(/\s+/)[0]);
    for (const kind of kinds) {
      ok(kind in VERDICT_FORCED_BY_FACT, `${scenario.name}: "${kind}" is not a fact kind`);
    }
    const strongest = Math.max(
      0,
      ...kinds.map((k) => VERDICT_FORCED_BY_FACT[k as keyof typeof VERDICT_FORCED_BY_FACT]),
    );
    assertEquals(strongest, comparison.verdict, scenario.name);
    ok(lines.at(-1)?.startsWith(`verdict ${comparison.verdict}`), scenario.name);
  }
});

Deno.test("the verdicts across the fixtures cover 0, 1 and 2", () => {
  const verdicts = new Set(SCENARIOS.map((s) => compareRuns(s.baseline, s.candidate, s).verdict));
  assertEquals([...verdicts].sort(), [0, 1, 2]);
});
