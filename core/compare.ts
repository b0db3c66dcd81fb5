import { exitCode, type Fact, TALLY_KINDS, type TallyKind, type Verdict } from "./facts.ts";
import type { CaseResult, Figure, RunDocument } from "./run_document.ts";
import type { VerdictStatus } from "./verdict.ts";

/** A figure on both sides, and what became of it. */
export interface FigureComparison {
  name: string;
  baseline: number | null;
  candidate: number | null;
  delta: number | null;
  /** The drop the baseline runs' measured spread excuses; 0 with a single baseline run. */
  floor: number;
  status: "worse" | "within-noise" | "better" | "unchanged" | "missing" | "uncomputable" | "new";
}

/** A comparison of one run against its baseline: the facts, the figures and the verdict. */
export interface Comparison {
  suite: string;
  baseline_run: string;
  baseline_runs: string[];
  candidate_run: string;
  facts: Fact[];
  figures: FigureComparison[];
  verdict: Verdict;
}

/** Below this a difference between two figures is rounding, not movement. */
const EPSILON = 1e-9;

/**
 * Compares a candidate run with its baseline: cases by id, verdicts by assertion_id, figures by
 * name. The baseline is one run, or several runs of the same suite (the first is the approved
 * one) that measure its noise: a check that passed in every baseline run and fails now is a
 * regression, always; a check whose baseline verdicts differed is noisy and is judged through
 * the figures; a figure's drop within its spread across the baseline runs is within noise.
 * An errored verdict on either side is unjudged.
 */
export function compareRuns(
  baselineRuns: RunDocument | readonly RunDocument[],
  candidate: RunDocument,
): Comparison {
  const runs: readonly RunDocument[] = isRunList(baselineRuns) ? baselineRuns : [baselineRuns];
  const baseline = runs[0];
  const facts: Fact[] = [];
  const before = new Map(baseline.cases.map((c) => [c.case_id, c]));
  const after = new Map(candidate.cases.map((c) => [c.case_id, c]));
  const history = checkHistory(runs);

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
      const seen = history.get(c.case_id)?.get(v.assertion_id);
      if (seen !== undefined && !seen.includes(v.status)) {
        facts.push({ ...checkFact("canary-moved", c, v), from: summarise(seen), to: v.status });
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
      const seen = history.get(c.case_id)?.get(v.assertion_id);
      if (seen === undefined) continue;
      const from = summarise(seen);
      if (v.status === "error" || seen.includes("error")) {
        if (v.metadata.unreconciled !== true) {
          facts.push({ ...checkFact("unjudged", c, v), from, to: v.status });
        }
      } else if (seen.includes("pass") && seen.includes("fail")) {
        if (v.status === "fail") flips.push({ ...checkFact("noisy", c, v), from, to: "fail" });
      } else if (seen[0] === "pass" && v.status === "fail") {
        facts.push({ ...checkFact("regression", c, v), from, to: "fail" });
      } else if (seen[0] === "fail" && v.status === "pass") {
        flips.push({ ...checkFact("improvement", c, v), from, to: "pass" });
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

  const figures = compareFigures(runs, candidate.figures);
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
    baseline_runs: runs.map((r) => r.run_id),
    candidate_run: candidate.run_id,
    facts: ordered,
    figures,
    verdict: exitCode(ordered),
  };
}

function isRunList(value: RunDocument | readonly RunDocument[]): value is readonly RunDocument[] {
  return Array.isArray(value);
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

/**
 * Each baseline figure against the candidate's. With several baseline runs the baseline value
 * is their mean and the floor is how far below the mean the lowest of them fell.
 */
function compareFigures(
  runs: readonly RunDocument[],
  candidate: readonly Figure[],
): FigureComparison[] {
  const result: FigureComparison[] = [];
  const byName = new Map(candidate.map((f) => [f.name, f]));
  for (const old of runs[0].figures) {
    const now = byName.get(old.name);
    const values = runs.map((r) => r.figures.find((f) => f.name === old.name)?.value ?? null);
    const known = values.every((v) => v !== null) ? (values as number[]) : null;
    const base = known === null ? null : known.reduce((a, b) => a + b, 0) / known.length;
    const floor = known === null || base === null ? 0 : base - Math.min(...known);
    const row = { name: old.name, baseline: base, floor };
    if (now === undefined) {
      result.push({ ...row, candidate: null, delta: null, status: "missing" });
    } else if (base === null || now.value === null) {
      result.push({ ...row, candidate: now.value, delta: null, status: "uncomputable" });
    } else {
      const delta = now.value - base;
      const status = delta < -(floor + EPSILON)
        ? "worse"
        : delta < -EPSILON
        ? "within-noise"
        : delta > EPSILON
        ? "better"
        : "unchanged";
      result.push({ ...row, candidate: now.value, delta, status });
    }
  }
  const known = new Set(runs[0].figures.map((f) => f.name));
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

/** Every baseline run's verdict statuses for each case and check, in run order. */
function checkHistory(
  runs: readonly RunDocument[],
): Map<string, Map<string, VerdictStatus[]>> {
  const history = new Map<string, Map<string, VerdictStatus[]>>();
  for (const run of runs) {
    for (const c of run.cases) {
      const checks = history.get(c.case_id) ?? new Map<string, VerdictStatus[]>();
      history.set(c.case_id, checks);
      for (const v of c.verdicts) {
        checks.set(v.assertion_id, [...(checks.get(v.assertion_id) ?? []), v.status]);
      }
    }
  }
  return history;
}

/** A check's baseline verdicts as one state: "pass", or "2/3 pass" when they differed. */
function summarise(statuses: readonly VerdictStatus[]): string {
  if (statuses.every((s) => s === statuses[0])) return statuses[0];
  if (statuses.includes("error")) return "error";
  return `${statuses.filter((s) => s === "pass").length}/${statuses.length} pass`;
}

const ORDER = Object.keys(TALLY_KINDS) as TallyKind[];

/** Facts in the headline's fixed order, stable within a kind. */
function orderFacts(facts: Fact[]): Fact[] {
  return facts
    .map((fact, index) => ({ fact, index }))
    .sort((a, b) => ORDER.indexOf(a.fact.kind) - ORDER.indexOf(b.fact.kind) || a.index - b.index)
    .map((x) => x.fact);
}
