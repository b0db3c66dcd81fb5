import { canonicalJson } from "../digest.ts";
import { runDocumentDigest } from "../run/run_digest.ts";
import { digline, type StoreWhere } from "../printed_command.ts";
import type { Fact } from "./facts.ts";
import { reduceVerdicts, reductionOf } from "../model/reduction.ts";
import { computeFigures } from "../run/aggregate.ts";
import type { CaseResult, RunDocument } from "../run/run_document.ts";
import type { Verdict } from "../verdict.ts";
import type { Assertion } from "../suite/assertions/assertion.ts";
import type { Case } from "../suite/case.ts";
import type { RecordedAssertion } from "../run/recorded_assertions.ts";
import { casesById } from "../run/cases_by_id.ts";
import { isPureCustom } from "../suite/assertions/pure_custom.ts";
import { movedVerdicts } from "./moved_verdicts.ts";
import type { CompileJsonSchema } from "../suite/assertions/json_schema.ts";

/** The baseline as the candidate's rules judge it, and what that took. */
export interface RecheckedBaseline {
  /** The baseline runs, each the same object when nothing in it had to change. */
  runs: RunDocument[];
  /** Whether any baseline verdict or figure was re-derived or set aside. */
  changed: boolean;
  /**
   * `rechecked`, `not-rechecked` and `inputs-changed` facts; under a baseline ref, also
   * `rules-moved` (or `rules-moved-accepted`) for each baseline verdict the new rules moved.
   */
  facts: Fact[];
  /** Cases whose inputs changed: no flip of theirs is compared. */
  inputsChanged: Set<string>;
}

/**
 * Builds the check a recorded definition describes, when it can be re-applied (recheckableCheck
 * in recheck_rules.ts). Handed in: building one parses the definition with the assertion
 * schemas, which a comparison with nothing to re-check never loads (ADR 0077).
 */
export type RecheckRules = (
  recorded: RecordedAssertion,
  compileSchema?: CompileJsonSchema,
) => Assertion | undefined;

/** What recheckBaseline takes beside the two sides. */
export interface RecheckOptions {
  compileSchema?: CompileJsonSchema;
  /** Builds a recorded check again; without it, a needed re-check answers "needs-rules". */
  rules?: RecheckRules;
  /** The candidate's cases by id, when the caller has them already. */
  candidateCases?: ReadonlyMap<string, CaseResult>;
  /**
   * The git ref the baseline was read at (compare --baseline-ref): a pure check's way out then
   * names the run that re-checks against that ref's approval.
   */
  baselineRef?: string;
  /**
   * Under `baselineRef`: a maintainer accepted rules that move the baseline's verdicts (compare
   * --accept-rules-change), so each moved verdict is stated and judged under the new rules, as
   * without a ref; otherwise each one forces 1 (ADR 0117).
   */
  acceptRulesChange?: boolean;
  /** The store as the command line named it: each way out names it, so it runs as printed. */
  where?: StoreWhere;
}

/**
 * Judges the baseline by the candidate's rules. For every case both sides ran, each check the
 * candidate asked that the baseline did not answer under the same definition (a changed
 * parameter, a rename, a new check) or whose case `expected` moved is re-applied to the
 * baseline's stored outputs when that needs no call (recheckableCheck); the baseline's figures
 * are then computed by the candidate's aggregates. A check that can not be re-applied (a judge,
 * a custom check, a run recorded before definitions were) loses its baseline verdict and is
 * stated as not re-checked; a case whose inputs changed loses all of them. Both force a 2.
 */
export function recheckBaseline(
  runs: readonly RunDocument[],
  candidate: RunDocument,
  options: RecheckOptions & { rules: RecheckRules },
): RecheckedBaseline;
/**
 * Without the rules: the same, or "needs-rules" as soon as a check would be re-applied, for a
 * caller that imports the rules (and the schemas they load) only then (ADR 0077).
 */
export function recheckBaseline(
  runs: readonly RunDocument[],
  candidate: RunDocument,
  options?: RecheckOptions,
): RecheckedBaseline | "needs-rules";
export function recheckBaseline(
  runs: readonly RunDocument[],
  candidate: RunDocument,
  options: RecheckOptions = {},
): RecheckedBaseline | "needs-rules" {
  try {
    return judgedByCandidateRules(runs, candidate, options);
  } catch (error) {
    if (error instanceof RulesNeeded) return "needs-rules";
    throw error;
  }
}

/** Thrown from deep in the walk to end it at the first check that needs the rules. */
class RulesNeeded extends Error {}

function judgedByCandidateRules(
  runs: readonly RunDocument[],
  candidate: RunDocument,
  options: RecheckOptions,
): RecheckedBaseline {
  const approved = runs[0];
  // Under a ref (CI) the runs named here live on the runner, or only in git: the way out is
  // one the reader can take on their own machine, a run of the new suite approved.
  const approveNew = `digline run ${candidate.suite.source}, then digline promote latest ` +
    `--suite ${candidate.suite.name} --because "..." in the change (a maintainer accepts it)`;
  // What a call would settle: the baseline's outputs graded again by the new checks, approved.
  const rejudge = options.baselineRef === undefined
    ? `${digline(`rejudge ${approved.run_id}`, options.where)}, then promote the run it stores`
    : approveNew;
  // What only a new approval settles: the target was asked something else.
  const resolve = options.baselineRef === undefined
    ? digline(`promote ${candidate.run_id} --because "..."`, options.where)
    : approveNew;
  const checks = new Map<string, Assertion | undefined>();
  const checkOf = (id: string): Assertion | undefined => {
    if (checks.has(id)) return checks.get(id);
    const recorded = candidate.assertions.find((a) => a.id === id);
    if (options.rules === undefined) throw new RulesNeeded();
    const check = recorded === undefined
      ? undefined
      : options.rules(recorded, options.compileSchema);
    checks.set(id, check);
    return check;
  };
  const definitions = new Map(candidate.assertions.map((a) => [a.id, a.definition]));
  // A pure custom check's code is not in the document: the candidate run graded the baseline's
  // outputs with it as it was made, for whichever baseline was approved then. A re-check counts
  // only for the very document it graded, named by digest (ADR 0081): one graded from another
  // copy (the tree's, edited) says nothing of the baseline read here.
  const readDigests = new Map<string, string | undefined>();
  const readDigest = (runId: string): string | undefined => {
    if (!readDigests.has(runId)) {
      const read = runs.find((r) => r.run_id === runId);
      readDigests.set(runId, read === undefined ? undefined : runDocumentDigest(read));
    }
    return readDigests.get(runId);
  };
  const recordedRechecks = new Map(
    (candidate.baseline_rechecks ?? [])
      .filter((r) => r.baseline_digest !== undefined && r.baseline_digest === readDigest(r.run_id))
      .map((r) => [recheckKey(r.run_id, r.case_id, r.assertion_id), r.verdicts]),
  );
  const after = options.candidateCases ?? casesById(candidate.cases);
  const rechecked = new Map<string, { name: string; cases: Set<string> }>();
  const notRechecked = new Map<string, Fact>();
  const inputsChanged = new Set<string>();
  let changed = false;
  const result = runs.map((run) => {
    let touched = false;
    const cases = run.cases.map((b) => {
      const c = after.get(b.case_id);
      if (c === undefined || !comparable(b) || !comparable(c)) return b;
      const pending = pendingChecks({ b, c }, { run, candidate });
      if (pending === "inputs-changed") {
        inputsChanged.add(c.case_id);
        touched = true;
        const { samples: _samples, ...rest } = b;
        return { ...rest, verdicts: [] };
      }
      let next: CaseResult = b;
      for (const v of pending) {
        touched = true;
        const check = checkOf(v.assertion_id);
        const recorded = check === undefined
          ? recordedRechecks.get(recheckKey(run.run_id, c.case_id, v.assertion_id))
          : undefined;
        if (recorded !== undefined && recorded.length === (b.samples?.length ?? 1)) {
          next = installVerdicts(next, {
            per: recorded,
            definition: definitions.get(v.assertion_id),
          });
          const entry = rechecked.get(v.assertion_id) ??
            { name: v.assertion, cases: new Set<string>() };
          entry.cases.add(c.case_id);
          rechecked.set(v.assertion_id, entry);
          continue;
        }
        if (check === undefined) {
          const key = `${c.case_id}\u0000${v.assertion_id}`;
          if (!notRechecked.has(key)) {
            const old = approved.cases.find((x) => x.case_id === c.case_id)?.verdicts
              .find((x) => x.assertion_id === v.assertion_id);
            notRechecked.set(key, {
              kind: "not-rechecked",
              case_id: c.case_id,
              assertion: v.assertion,
              assertion_id: v.assertion_id,
              from: old?.status ?? null,
              to: v.status,
              resolve: wayOut(v.assertion_id, {
                candidate,
                rejudge,
                baselineRef: options.baselineRef,
                where: options.where,
              }),
            });
          }
          next = withoutVerdict(next, v.assertion_id);
          continue;
        }
        next = applyCheck(check, { result: next, expected: c.expected });
        const entry = rechecked.get(check.id) ?? { name: check.name, cases: new Set<string>() };
        entry.cases.add(c.case_id);
        rechecked.set(check.id, entry);
      }
      return next;
    });
    const rulesMoved = candidate.aggregates !== undefined &&
      canonicalJson(run.aggregates ?? null) !== canonicalJson(candidate.aggregates);
    if (!touched && !rulesMoved) return run;
    changed = true;
    return {
      ...run,
      cases,
      figures: candidate.aggregates === undefined
        ? run.figures
        : computeFigures(candidate.aggregates, { assertions: candidate.assertions, cases }),
    };
  });
  const facts: Fact[] = [];
  for (const [id, entry] of rechecked) {
    facts.push({
      kind: "rechecked",
      assertion: entry.name,
      assertion_id: id,
      cases: [...entry.cases].sort(),
    });
  }
  facts.push(...notRechecked.values());
  for (const id of [...inputsChanged].sort()) {
    facts.push({ kind: "inputs-changed", case_id: id, resolve });
  }
  if (changed && options.baselineRef !== undefined) {
    // Against the base branch's approval an edit of the suite that moves the baseline's verdicts
    // can turn a regression into a pass; only a maintainer lets that through (ADR 0117).
    const kind = options.acceptRulesChange === true ? "rules-moved-accepted" : "rules-moved";
    for (const moved of movedVerdicts(runs, result, candidate)) facts.push({ kind, ...moved });
  }
  return { runs: result, changed, facts, inputsChanged };
}

/**
 * The candidate's verdicts of a case whose check the baseline must be judged by again: each one
 * the baseline did not answer under the same definition, or all when `expected` moved. None when
 * the inputs changed, which sets the case aside whole.
 */
function pendingChecks(
  sides: { b: CaseResult; c: CaseResult },
  runs: { run: RunDocument; candidate: RunDocument },
): readonly Verdict[] | "inputs-changed" {
  const { b, c } = sides;
  if (inputsDiffer(sides, runs)) return "inputs-changed";
  // Runs that did not record a case's inputs have equal case digests here (inputsDiffer),
  // which cover `expected`: only recorded values can show it moved.
  const expectedMoved = b.inputs_digest !== undefined && c.inputs_digest !== undefined &&
    b.expected !== c.expected &&
    canonicalJson(b.expected ?? null) !== canonicalJson(c.expected ?? null);
  if (expectedMoved) return c.verdicts;
  // The usual case, both sides asked the same checks in the same order, in one pass.
  if (sameChecksInOrder(b.verdicts, c.verdicts)) return NONE_PENDING;
  let pending: Verdict[] | undefined;
  for (const v of c.verdicts) {
    if (!b.verdicts.some((x) => x.assertion_id === v.assertion_id)) (pending ??= []).push(v);
  }
  return pending ?? NONE_PENDING;
}

const NONE_PENDING: readonly Verdict[] = [];

function sameChecksInOrder(a: readonly Verdict[], b: readonly Verdict[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i].assertion_id !== b[i].assertion_id) return false;
  return true;
}

/** Suspended cases were asked nothing and calibration cases are judged on their own. */
function comparable(c: CaseResult): boolean {
  return c.kind === "normal" || c.kind === "canary";
}

/**
 * Whether the target was asked something else for this case. Without a recorded digest on
 * both sides, only equal suite case digests prove the inputs equal.
 */
function inputsDiffer(
  sides: { b: CaseResult; c: CaseResult },
  runs: { run: RunDocument; candidate: RunDocument },
): boolean {
  const { b, c } = sides;
  if (b.inputs_digest !== undefined && c.inputs_digest !== undefined) {
    return b.inputs_digest !== c.inputs_digest;
  }
  return runs.run.suite.cases_digest !== runs.candidate.suite.cases_digest;
}

function withoutVerdict(result: CaseResult, assertionId: string): CaseResult {
  return {
    ...result,
    verdicts: result.verdicts.filter((v) => v.assertion_id !== assertionId),
    ...(result.samples === undefined ? {} : {
      samples: result.samples.map((s) => ({
        ...s,
        verdicts: s.verdicts.filter((v) => v.assertion_id !== assertionId),
      })),
    }),
  };
}

/** The check applied to each stored output of the case (each sample's, reduced as a run does). */
function applyCheck(
  check: Assertion,
  target: { result: CaseResult; expected: Case["expected"] },
): CaseResult {
  const { result } = target;
  const testCase: Case = {
    id: result.case_id,
    kind: result.kind,
    vars: {},
    ...(target.expected === undefined ? {} : { expected: target.expected }),
  };
  const judged = (output: string | undefined) => verdictOn(check, { output, testCase });
  const per = result.samples === undefined
    ? [judged(result.output)]
    : result.samples.map((s) => judged(s.output));
  return installVerdicts(result, { per, definition: check.definition });
}

/**
 * A check's verdicts on each stored output put in place of the case's old ones: the one verdict
 * of a single output, or each sample's and their reduction, as a run reduces them.
 */
function installVerdicts(
  result: CaseResult,
  given: { per: readonly Verdict[]; definition: Assertion["definition"] | undefined },
): CaseResult {
  const id = given.per[0].assertion_id;
  const base = withoutVerdict(result, id);
  if (result.samples === undefined) {
    return { ...base, verdicts: [...base.verdicts, given.per[0]] };
  }
  const per = given.per;
  return {
    ...base,
    verdicts: [...base.verdicts, reduceVerdicts([...per], reductionOf(given.definition ?? null))],
    samples: (base.samples ?? []).map((s, i) => ({ ...s, verdicts: [...s.verdicts, per[i]] })),
  };
}

/**
 * What settles a check that could not be re-checked: a judge needs the baseline's outputs graded
 * again (rejudge); a custom check needs its purity declared, or the suite run again for a pure
 * one whose re-check the candidate run did not record (another baseline was approved since).
 */
function wayOut(
  assertionId: string,
  options: { candidate: RunDocument; rejudge: string; baselineRef?: string; where?: StoreWhere },
): string {
  const { candidate, rejudge } = options;
  const check = candidate.assertions.find((a) => a.id === assertionId);
  if (check === undefined || check.kind !== "custom") return rejudge;
  const again = digline(
    `run ${candidate.suite.source}${
      options.baselineRef === undefined ? "" : ` --baseline-ref ${options.baselineRef}`
    }`,
    options.where,
  );
  if (isPureCustom(check)) {
    return `${again} again, which re-checks pure "${check.name}" on the approved baseline${
      options.baselineRef === undefined ? "" : ` committed at ${options.baselineRef}`
    }; or ${rejudge}`;
  }
  return `declare "${check.name}" pure: true if it calls nothing, then ${again}; or ${rejudge}`;
}

function recheckKey(runId: string, caseId: string, assertionId: string): string {
  return `${runId}\u0000${caseId}\u0000${assertionId}`;
}

function verdictOn(
  check: Assertion,
  input: { output: string | undefined; testCase: Case },
): Verdict {
  const identity = { assertion_id: check.id, assertion: check.name };
  if (input.output === undefined) {
    return {
      ...identity,
      status: "error",
      reason: "the baseline has no output for this case to re-check",
      metadata: { rechecked: true },
    };
  }
  let answer;
  try {
    answer = check.check({ output: input.output, testCase: input.testCase });
  } catch (e) {
    answer = { status: "error" as const, reason: `check "${check.name}" threw: ${String(e)}` };
  }
  // Built-in checks answer synchronously with one Score; anything else is not a re-check.
  if (answer instanceof Promise || Array.isArray(answer) || typeof answer === "boolean") {
    return { ...identity, status: "error", reason: "not re-checkable", metadata: {} };
  }
  return {
    ...identity,
    status: answer.status,
    ...(answer.score === undefined ? {} : { score: answer.score }),
    ...(answer.reason === undefined ? {} : { reason: answer.reason }),
    metadata: { rechecked: true },
  };
}
