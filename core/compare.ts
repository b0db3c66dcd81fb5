import { exitCode, type Fact, TALLY_KINDS, type TallyKind, type Verdict } from "./facts.ts";
import type { CaseResult, Figure, RunDocument } from "./run_document.ts";

/** A figure on both sides, and what became of it. */
export interface FigureComparison {
  name: string;
  baseline: number | null;
  candidate: number | null;
  delta: number | null;
  /** The drop the baseline's measured spread excuses; 0 without a measurement. */
  floor: number;
  status: "worse" | "better" | "unchanged" | "missing" | "uncomputable" | "new";
}

/** A comparison of one run against its baseline: the facts, the figures and the verdict. */
export interface Comparison {
  suite: string;
  baseline_run: string;
  candidate_run: string;
  facts: Fact[];
  figures: FigureComparison[];
  verdict: Verdict;
}

/** Below this a difference between two figures is rounding, not movement. */
const EPSILON = 1e-9;

/**
 * Compares a candidate run with a baseline run: cases by id, verdicts by assertion_id, figures
 * by name. A flip is never excused here; an errored verdict on either side is unjudged.
 */
export function compareRuns(
  baseline: RunDocument,
  candidate: RunDocument,
  options: { floors?: Readonly<Record<string, number>> } = {},
): Comparison {
  const facts: Fact[] = [];
  const before = new Map(baseline.cases.map((c) => [c.case_id, c]));
  const after = new Map(candidate.cases.map((c) => [c.case_id, c]));

  for (const c of candidate.cases) {
    for (const v of c.verdicts) {
      if (v.status === "error" && v.metadata.unreconciled === true) {
        facts.push(checkFact("unreconciled", c, v));
      }
    }
  }
  for (const c of candidate.cases) {
    if (c.kind !== "calibration") continue;
    const wanted = c.expected_verdict ?? "pass";
    for (const v of c.verdicts) {
      if (v.status !== "error" && v.status !== wanted) {
        facts.push({ ...checkFact("calibration-lost", c, v), from: wanted, to: v.status });
      }
    }
  }
  for (const c of candidate.cases) {
    const old = before.get(c.case_id);
    if (c.kind !== "canary" || old === undefined) continue;
    for (const v of c.verdicts) {
      const was = old.verdicts.find((o) => o.assertion_id === v.assertion_id);
      if (was !== undefined && was.status !== v.status) {
        facts.push({ ...checkFact("canary-moved", c, v), from: was.status, to: v.status });
      }
    }
  }
  facts.push(...rulesChanged(baseline, candidate, { before, after }));

  const compared: string[] = [];
  const flips: Fact[] = [];
  for (const c of candidate.cases) {
    const old = before.get(c.case_id);
    if (old === undefined || c.kind !== "normal" || old.kind !== "normal") {
      continue;
    }
    compared.push(c.case_id);
    for (const v of c.verdicts) {
      const was = old.verdicts.find((o) => o.assertion_id === v.assertion_id);
      if (was === undefined) continue;
      if (v.status === "error" || was.status === "error") {
        if (v.metadata.unreconciled !== true) {
          facts.push({ ...checkFact("unjudged", c, v), from: was.status, to: v.status });
        }
      } else if (was.status === "pass" && v.status === "fail") {
        facts.push({ ...checkFact("regression", c, v), from: "pass", to: "fail" });
      } else if (was.status === "fail" && v.status === "pass") {
        flips.push({ ...checkFact("improvement", c, v), from: "fail", to: "pass" });
      }
    }
  }
  // A candidate errored verdict on a case the baseline did not have is still a question unanswered.
  for (const c of candidate.cases) {
    if (before.has(c.case_id) && c.kind === "normal") continue;
    for (const v of c.verdicts) {
      if (v.status === "error" && v.metadata.unreconciled !== true) {
        facts.push({ ...checkFact("unjudged", c, v), from: null, to: "error" });
      }
    }
  }

  const figures = compareFigures(baseline.figures, candidate.figures, options.floors ?? {});
  for (const f of figures) {
    const kind = `figure-${f.status}` as TallyKind;
    facts.push({ kind, figure: f.name, from: f.baseline, to: f.candidate });
  }
  facts.push(...flips);
  facts.push({ kind: "compared", cases: compared });
  const ordered = orderFacts(facts);
  return {
    suite: candidate.suite.name,
    baseline_run: baseline.run_id,
    candidate_run: candidate.run_id,
    facts: ordered,
    figures,
    verdict: exitCode(ordered),
  };
}

function checkFact(
  kind: TallyKind,
  c: CaseResult,
  v: { assertion: string; assertion_id: string },
): Fact {
  return { kind, case_id: c.case_id, assertion: v.assertion, assertion_id: v.assertion_id };
}

function rulesChanged(
  baseline: RunDocument,
  candidate: RunDocument,
  maps: { before: Map<string, CaseResult>; after: Map<string, CaseResult> },
): Fact[] {
  const facts: Fact[] = [];
  if (baseline.suite.config_hash !== candidate.suite.config_hash) {
    facts.push({
      kind: "config-changed",
      from: baseline.suite.config_hash,
      to: candidate.suite.config_hash,
    });
  }
  if (baseline.suite.cases_digest !== candidate.suite.cases_digest) {
    facts.push({
      kind: "cases-changed",
      from: baseline.suite.cases_digest,
      to: candidate.suite.cases_digest,
    });
  }
  for (const c of candidate.cases) {
    if (!maps.before.has(c.case_id)) facts.push({ kind: "case-added", case_id: c.case_id });
  }
  for (const c of baseline.cases) {
    if (!maps.after.has(c.case_id)) facts.push({ kind: "case-removed", case_id: c.case_id });
  }
  const oldIds = new Set(baseline.assertions.map((a) => a.id));
  const newIds = new Set(candidate.assertions.map((a) => a.id));
  for (const a of candidate.assertions) {
    if (!oldIds.has(a.id)) {
      facts.push({ kind: "check-added", assertion: a.name, assertion_id: a.id });
    }
  }
  for (const a of baseline.assertions) {
    if (!newIds.has(a.id)) {
      facts.push({ kind: "check-removed", assertion: a.name, assertion_id: a.id });
    }
  }
  return facts;
}

function compareFigures(
  baseline: readonly Figure[],
  candidate: readonly Figure[],
  floors: Readonly<Record<string, number>>,
): FigureComparison[] {
  const result: FigureComparison[] = [];
  const byName = new Map(candidate.map((f) => [f.name, f]));
  for (const old of baseline) {
    const now = byName.get(old.name);
    const floor = floors[old.name] ?? 0;
    if (now === undefined) {
      result.push({
        name: old.name,
        baseline: old.value,
        candidate: null,
        delta: null,
        floor,
        status: "missing",
      });
      continue;
    }
    if (old.value === null || now.value === null) {
      result.push({
        name: old.name,
        baseline: old.value,
        candidate: now.value,
        delta: null,
        floor,
        status: "uncomputable",
      });
      continue;
    }
    const delta = now.value - old.value;
    const status = delta < -(floor + EPSILON) ? "worse" : delta > EPSILON ? "better" : "unchanged";
    result.push({
      name: old.name,
      baseline: old.value,
      candidate: now.value,
      delta,
      floor,
      status,
    });
  }
  const known = new Set(baseline.map((f) => f.name));
  for (const now of candidate) {
    if (known.has(now.name)) continue;
    result.push({
      name: now.name,
      baseline: null,
      candidate: now.value,
      delta: null,
      floor: 0,
      status: "new",
    });
  }
  return result;
}

const ORDER = Object.keys(TALLY_KINDS) as TallyKind[];

/** Facts in the headline's fixed order, stable within a kind. */
function orderFacts(facts: Fact[]): Fact[] {
  return facts
    .map((fact, index) => ({ fact, index }))
    .sort((a, b) => ORDER.indexOf(a.fact.kind) - ORDER.indexOf(b.fact.kind) || a.index - b.index)
    .map((x) => x.fact);
}
