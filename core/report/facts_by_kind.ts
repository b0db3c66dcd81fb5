import type { Fact, FactKind } from "../compare/facts.ts";

/** The facts of one kind, in the order the comparison stated them. */
export interface FactGroup {
  kind: FactKind;
  facts: Fact[];
}

/**
 * The comparison's facts grouped by kind, kinds in the order they first appear (the headline's
 * order), leaving out the figures (each report shows them as a table) and the compared tally.
 */
export function factsByKind(facts: readonly Fact[]): FactGroup[] {
  const groups = new Map<FactKind, Fact[]>();
  for (const fact of facts) {
    if (fact.kind === "compared" || fact.kind.startsWith("figure-")) continue;
    const group = groups.get(fact.kind) ?? [];
    group.push(fact);
    groups.set(fact.kind, group);
  }
  return [...groups].map(([kind, grouped]) => ({ kind, facts: grouped }));
}

/** What each kind of fact is called in a report's section heading; other kinds use their name. */
export const SECTION_TITLES: Partial<Record<FactKind, string>> = {
  "unreconciled": "Unreconciled: asked, and no verdict came back",
  "calibration-lost": "Calibration lost",
  "canary-moved": "Canaries moved",
  "config-changed": "The checks' definitions changed",
  "cases-changed": "The cases changed",
  "target-changed": "The target's settings changed",
  "case-added": "Cases added",
  "case-removed": "Cases removed",
  "check-added": "Checks added",
  "check-removed": "Checks removed",
  "rules-moved": "Baseline verdicts the new rules moved, waiting for a maintainer",
  "rules-moved-accepted": "Baseline verdicts the new rules moved, accepted by a maintainer",
  "unjudged": "Could not be judged",
  "regression": "Regressions, pass → fail",
  "improvement": "Improvements, fail → pass",
};

/** The cases the comparison compared, from its compared tally. */
export function comparedCases(facts: readonly Fact[]): string[] {
  return facts.find((f) => f.kind === "compared")?.cases ?? [];
}
