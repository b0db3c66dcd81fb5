import { compareRunsWith, type Comparison } from "../../core/compare/comparison.ts";
import type { StoreWhere } from "../../core/printed_command.ts";
import { recheckBaseline } from "../../core/compare/recheck.ts";
import { casesById } from "../../core/run/cases_by_id.ts";
import type { ConfirmationDocument } from "../../core/compare/confirmation_document.ts";
import type { BaselineDocument, RunDocument } from "../../core/run/run_document.ts";
import { PartialRunError } from "../process/refusals.ts";
import type { RunStore } from "../store/store.ts";
import type { ConfirmOptions } from "./confirm_run.ts";
import { findConfirmation } from "./find_confirmation.ts";
import { baselineAtRef } from "../git/baseline_at_ref.ts";
import { refuseCandidateOutOfPlace } from "../git/candidate_provenance.ts";
import { UsageError } from "../process/refusals.ts";
import { resolveNamedRun } from "./select_suite.ts";
import { schemaCompilerFor } from "../checks/json_schema_compiler.ts";

/** What `compare`, `explain` and `report` need to find both sides. */
export interface CompareOptions {
  store: RunStore;
  suite?: string;
  /** A run to compare against instead of the approved baseline. */
  baseline?: string;
  /**
   * Read the approval and its runs from git's objects at this ref (the base branch) instead of
   * the store on disk, which in CI is the pull request's own (compare --baseline-ref).
   */
  baselineRef?: string;
  /**
   * With `baselineRef`: a maintainer accepted rules that move the baseline's verdicts (compare
   * --accept-rules-change); without it each such verdict is worse (ADR 0117).
   */
  acceptRulesChange?: boolean;
  /**
   * Draw again what is ambiguous (compare --confirm) unless the run already has confirmation
   * draws against this baseline; a stored confirmation is used either way.
   */
  confirm?: boolean;
  onRound?: ConfirmOptions["onRound"];
  onResume?: ConfirmOptions["onResume"];
  /** For `--confirm`: the suite tree's commit, when the caller asked git already. */
  confirmGitCommit?: string | null;
  confirmLimits?: ConfirmOptions["limits"];
  /** For `--confirm`: the budget of extra calls, in place of the suite's. */
  confirmMaxExtraCalls?: number;
}

/** Both sides of a comparison and its result. */
export interface CompareResult {
  comparison: Comparison;
  candidate: RunDocument;
  baselineRun: RunDocument;
  /** The approval the baseline run came from; null when --baseline named a run directly. */
  approval: BaselineDocument | null;
  /** Every run the baseline is made of, the approved one first. */
  baselineRuns: RunDocument[];
  /** The confirmation draws the verdict used, if any. */
  confirmation?: ConfirmationDocument;
  /**
   * With --baseline-ref: the approval on disk when it is not the one at the ref, i.e. the change
   * under test approves a reference of its own. It is reported, never used.
   */
  approvalChange?: { ref: string; onDisk: BaselineDocument };
}

/** Compares a run (default: the suite's latest) with its approved baseline or a named run. */
export async function compareRun(
  ref: string | undefined,
  options: CompareOptions,
): Promise<CompareResult> {
  const candidate = await resolveNamedRun(options.store, ref ?? "latest", {
    suite: options.suite,
  });
  let approval: BaselineDocument | null = null;
  const baselineRuns: RunDocument[] = [];
  let approvalChange: CompareResult["approvalChange"];
  if (options.acceptRulesChange === true && options.baselineRef === undefined) {
    throw new UsageError(
      "--accept-rules-change accepts rules that move the verdicts of the approval at --baseline-ref; without a ref compare judges under the new rules anyway: drop it, or add --baseline-ref",
    );
  }
  if (options.baseline !== undefined && options.baselineRef !== undefined) {
    throw new UsageError(
      "--baseline and --baseline-ref contradict each other: name a run, or the git ref whose approval to use",
    );
  }
  if (options.baselineRef !== undefined) {
    const atRef = await baselineAtRef(options.store, {
      ref: options.baselineRef,
      suite: candidate.suite.name,
    });
    approval = atRef.approval;
    baselineRuns.push(...atRef.runs);
    await refuseCandidateOutOfPlace(candidate, {
      store: options.store,
      ref: options.baselineRef,
    });
    const onDisk = (await options.store.baselineHistory(candidate.suite.name)).at(-1);
    if (onDisk !== undefined && !sameApproval(onDisk, approval)) {
      approvalChange = { ref: options.baselineRef, onDisk };
    }
  } else if (options.baseline !== undefined) {
    baselineRuns.push(
      await options.store.resolveRun(options.baseline, { suite: candidate.suite.name }),
    );
  } else {
    approval = await options.store.currentBaseline(candidate.suite.name);
    for (const id of approval.runs ?? [approval.run_id]) {
      baselineRuns.push(await options.store.approvedRun(candidate.suite.name, id));
    }
  }
  for (const run of [candidate, ...baselineRuns]) {
    refusePartial(run, "compare", options.store.where);
  }
  // The runs the approval set aside to choose what --confirm draws again (ADR 0107).
  const selectionRuns = approval?.selection_runs;
  let confirmation = await findConfirmation(candidate, {
    store: options.store,
    baselineRuns,
    selection: { recorded: selectionRuns },
  });
  if (confirmation !== undefined && options.confirm === true) {
    const { cutShortOf, planConfirmation } = await import(
      "../../core/compare/confirmation_plan.ts"
    );
    const budget = options.confirmMaxExtraCalls ??
      planConfirmation(baselineRuns, candidate, { selectionRuns }).max_extra_calls;
    if (budget !== undefined && cutShortOf(confirmation, budget)) confirmation = undefined;
  }
  if (confirmation === undefined && options.confirm === true) {
    // Loaded only here: drawing a confirmation loads the suite and the runner.
    const { confirmRun } = await import("./confirm_run.ts");
    confirmation = (await confirmRun(candidate, {
      store: options.store,
      baselineRuns,
      selectionRuns,
      onRound: options.onRound,
      onResume: options.onResume,
      ...(options.confirmGitCommit === undefined ? {} : { gitCommit: options.confirmGitCommit }),
      limits: options.confirmLimits,
      ...(options.confirmMaxExtraCalls === undefined
        ? {}
        : { maxExtraCalls: options.confirmMaxExtraCalls }),
    })).confirmation;
  }
  // The baseline is re-checked by the candidate's checks, so only the candidate's schemas
  // need compiling.
  const compileSchema = await schemaCompilerFor(candidate.assertions.map((a) => a.definition));
  // Building a check again parses its definition with the assertion schemas: zod is loaded only
  // when the baseline has a check to re-check (ADR 0077).
  const candidateCases = casesById(candidate.cases);
  const baselineRef = options.baselineRef;
  let recheck = recheckBaseline(baselineRuns, candidate, {
    compileSchema,
    candidateCases,
    baselineRef,
    acceptRulesChange: options.acceptRulesChange,
    where: options.store.where,
  });
  if (recheck === "needs-rules") {
    const { recheckableCheck } = await import("../../core/compare/recheck_rules.ts");
    const rules = recheckableCheck;
    recheck = recheckBaseline(baselineRuns, candidate, {
      compileSchema,
      rules,
      candidateCases,
      baselineRef,
      acceptRulesChange: options.acceptRulesChange,
      where: options.store.where,
    });
  }
  return {
    comparison: compareRunsWith(baselineRuns, candidate, {
      confirmation,
      selectionRuns,
      compileSchema,
      recheck,
      candidateCases,
    }),
    confirmation,
    candidate,
    baselineRun: baselineRuns[0],
    baselineRuns,
    approval,
    ...(approvalChange === undefined ? {} : { approvalChange }),
  };
}

function sameApproval(a: BaselineDocument, b: BaselineDocument): boolean {
  return a.run_id === b.run_id && a.promoted_at === b.promoted_at && a.suite === b.suite;
}

/** Refuses a shard run where a whole run is meant. */
export function refusePartial(run: RunDocument, doing: string, where?: StoreWhere): void {
  if (run.shard === undefined) return;
  throw new PartialRunError(run.run_id, {
    suite: run.suite.name,
    shard: `${run.shard.index}/${run.shard.count}`,
    doing,
    ...(where === undefined ? {} : { where }),
  });
}
