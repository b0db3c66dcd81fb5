import type { RunDocument } from "./run_document.ts";

/** One case whose output differs between two runs. Outputs are payload: diff shows them locally. */
export interface OutputChange {
  case_id: string;
  before: string | null;
  after: string | null;
}

/** What changed in the outputs between two runs, matched by case id, in run B's case order. */
export interface OutputDiff {
  a: string;
  b: string;
  changed: OutputChange[];
  only_in_a: string[];
  only_in_b: string[];
  unchanged: string[];
}

/** Compares the outputs two runs recorded for the same cases. */
export function diffOutputs(a: RunDocument, b: RunDocument): OutputDiff {
  const before = new Map(a.cases.map((c) => [c.case_id, c]));
  const inB = new Set(b.cases.map((c) => c.case_id));
  const changed: OutputChange[] = [];
  const unchanged: string[] = [];
  const onlyInB: string[] = [];
  for (const c of b.cases) {
    const old = before.get(c.case_id);
    if (old === undefined) {
      onlyInB.push(c.case_id);
    } else if ((old.output ?? null) !== (c.output ?? null)) {
      changed.push({ case_id: c.case_id, before: old.output ?? null, after: c.output ?? null });
    } else {
      unchanged.push(c.case_id);
    }
  }
  return {
    a: a.run_id,
    b: b.run_id,
    changed,
    only_in_a: a.cases.filter((c) => !inB.has(c.case_id)).map((c) => c.case_id),
    only_in_b: onlyInB,
    unchanged,
  };
}
