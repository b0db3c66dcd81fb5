import { canonicalJson } from "../digest.ts";
import type { JsonValue } from "../json.ts";
import type { CaseResult, RunDocument } from "../run/run_document.ts";
import type { Verdict } from "../verdict.ts";
import type { Fact } from "./facts.ts";

/**
 * The baseline verdicts the candidate's rules moved: for each check re-applied to a baseline case
 * (a moved `expected`, a check whose parameters or code changed), the verdict it gave where the
 * baseline had answered the same check before with another status. A check's earlier answer is
 * the verdict of the same id, else of the same name (its definition changed), else of a check
 * whose definition differs only by its name (a rename, which moves nothing). A check with no
 * earlier answer (a new one) moves nothing, nor does a case the baseline did not hold.
 *
 * Each fact is `{ case_id, assertion, assertion_id, from, to }`, once per case and check, from the
 * first baseline run where it moved (the approved one first), in the runs' case order. `kind` is
 * left to the caller, which knows whether it gates.
 */
export function movedVerdicts(
  before: readonly RunDocument[],
  after: readonly RunDocument[],
  candidate: RunDocument,
): Omit<Fact, "kind">[] {
  const candidateShapes = shapes(candidate);
  const moved = new Map<string, Omit<Fact, "kind">>();
  before.forEach((run, r) => {
    const rechecked = after[r];
    if (rechecked === undefined || rechecked === run) return;
    const baselineShapes = shapes(run);
    run.cases.forEach((old, i) => {
      const now = rechecked.cases[i];
      if (now === undefined || now === old || now.case_id !== old.case_id) return;
      for (const v of now.verdicts) {
        const key = `${old.case_id}\u0000${v.assertion_id}`;
        if (moved.has(key)) continue;
        const earlier = earlierAnswer(v, old, {
          shape: candidateShapes.get(v.assertion_id),
          baselineShapes,
        });
        if (earlier === undefined || earlier.status === v.status) continue;
        moved.set(key, {
          case_id: old.case_id,
          assertion: v.assertion,
          assertion_id: v.assertion_id,
          from: earlier.status,
          to: v.status,
        });
      }
    });
  });
  return [...moved.values()];
}

function earlierAnswer(
  v: Verdict,
  old: CaseResult,
  context: { shape: string | undefined; baselineShapes: ReadonlyMap<string, string> },
): Verdict | undefined {
  return old.verdicts.find((x) => x.assertion_id === v.assertion_id) ??
    old.verdicts.find((x) => x.assertion === v.assertion) ??
    (context.shape === undefined
      ? undefined
      : old.verdicts.find((x) => context.baselineShapes.get(x.assertion_id) === context.shape));
}

/** Each check's definition without its name, as canonical JSON, by check id. */
function shapes(run: RunDocument): Map<string, string> {
  const byId = new Map<string, string>();
  for (const a of run.assertions) {
    const shape = withoutName(a.definition);
    if (shape !== undefined) byId.set(a.id, shape);
  }
  return byId;
}

function withoutName(definition: JsonValue | undefined): string | undefined {
  if (definition === null || typeof definition !== "object" || Array.isArray(definition)) {
    return undefined;
  }
  const { name: _name, ...rest } = definition;
  return canonicalJson(rest);
}
