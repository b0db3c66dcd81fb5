import { dirname, join, resolve } from "node:path";
import type { Fact } from "../../core/compare/facts.ts";
import { configDigest, type OperatorConfig, policyDigest } from "../../core/operator/config.ts";
import {
  classifyCycle,
  type Cycle,
  CYCLE_FORMAT,
  type Flip,
  type ProbeResult,
} from "../../core/operator/cycle.ts";
import { decide, type Decision } from "../../core/operator/decide.ts";
import { renderDossier } from "../../core/operator/dossier.ts";
import { decisionLine } from "../../core/operator/journal.ts";
import { erroredCauseLines } from "../../core/run/errored_causes.ts";
import { redactCauses } from "../../core/run/redact_run.ts";
import { canonicalRedaction } from "../../core/suite/report_settings.ts";
import type { ConfirmationDocument } from "../../core/compare/confirmation_document.ts";
import { checkConfirmation, drawsByCase } from "../../core/compare/confirmation_plan.ts";
import type { Suite } from "../../core/suite/suite.ts";
import { scrub, scrubbedJson } from "../process/secrets.ts";
import { writeFileAtomic } from "../files/atomic_write.ts";
import { type Clock, systemClock } from "../process/clock.ts";
import { compareRun } from "../work/compare_run.ts";
import { runSuite } from "../work/run_suite.ts";
import { decideFailure } from "../process/failure.ts";
import { StoreLinkedError, UsageError } from "../process/refusals.ts";
import { RunStore } from "../store/store.ts";
import { loadSuite } from "../suite_loader/mod.ts";
import {
  appendJournalLine,
  decisionJournalPath,
  pastDecisions,
  readDecisionJournal,
} from "./decision_journal.ts";
import { loadOperatorConfig } from "./load_config.ts";
import { type Lockdown, lockDown } from "./lockdown.ts";
import { storeLinks } from "./policy_wall.ts";
import { probeWalls } from "./probe_walls.ts";
import { approvalDigest } from "./approval_watch.ts";

/** What a cycle needs: its configuration file, and the probe of the MCP wall from its caller. */
export interface CycleOptions {
  configPath: string;
  /** Asks `promote` on the MCP wire; the operator front end supplies it. */
  probeMcp: (store: RunStore) => Promise<ProbeResult>;
  clock?: Clock;
  /** Told what an unanticipated failure was, since the cycle records only its exit code. */
  onFailure?: (error: unknown) => void;
}

/** Where a cycle wrote what it found and decided. */
export interface CyclePaths {
  cycle: string;
  decision: string;
  alert: string;
  journal: string;
}

/**
 * One scheduled asking of "did it get worse?": run the suite, compare with the baseline, draw
 * again what is ambiguous (at most max_reruns rounds, never past the budget), classify, prove the
 * walls, then decide under the policy and record the decision. operator.toml is only read.
 */
export async function runCycle(
  options: CycleOptions,
): Promise<{ cycle: Cycle; decision: Decision; paths: CyclePaths }> {
  const clock = options.clock ?? systemClock;
  const setup = await prepareCycle(options.configPath);
  const { config, store, suitePath, suite } = setup;
  const links = storeLinks(store.root);
  if (links.length > 0) throw new StoreLinkedError(store.root, { links });
  refuseUnaffordable(suite, config);
  const digest = policyDigest(config.policy);
  const evidence = await gatherEvidence(suitePath, { store, config, onFailure: options.onFailure });
  const paths: CyclePaths = {
    cycle: join(setup.outDir, "cycle.json"),
    decision: join(setup.outDir, "decision.json"),
    alert: join(setup.outDir, "alert.md"),
    journal: setup.journal,
  };
  const probe = await probeWalls({
    ...setup,
    configPath: options.configPath,
    probeMcp: options.probeMcp,
  });
  const cycle: Cycle = {
    cycle_format: CYCLE_FORMAT,
    cycle_key: `${suite.name}@${evidence.runId ?? clock.now().toISOString()}`,
    suite: suite.name,
    tenant: config.tenant,
    baseline_run: evidence.baselineRun,
    runs: evidence.runs,
    exit_code: evidence.exitCode,
    classification: classifyCycle({
      exitCode: evidence.exitCode,
      flips: evidence.flips,
      figuresWorse: evidence.figuresWorse,
      structuralFlipCases: config.structural_flip_cases,
    }),
    flips: evidence.flips,
    canary_moved: evidence.canaryMoved,
    figures_worse: evidence.figuresWorse,
    errored: evidence.errored,
    ...(evidence.erroredCauses.length === 0 ? {} : { errored_causes: evidence.erroredCauses }),
    calls: evidence.calls,
    budget: config.budget,
    max_reruns: config.max_reruns,
    reruns_used: evidence.rerunsUsed,
    structural_flip_cases: config.structural_flip_cases,
    policy: config.policy === undefined || digest === null
      ? null
      : { name: config.policy.name, digest },
    config_digest: setup.ruledBy,
    evaluated_at: clock.now().toISOString(),
    probe,
  };
  await writeFileAtomic(paths.cycle, scrubbedJson(cycle, 2) + "\n");
  const decision = await decideCycle(cycle, {
    configPath: options.configPath,
    journal: paths.journal,
  });
  await writeFileAtomic(paths.decision, scrubbedJson(decision, 2) + "\n");
  await writeFileAtomic(paths.alert, scrub(renderDossier(cycle, { decision })));
  return { cycle, decision, paths };
}

/** What a cycle and a standalone probe both start from. */
export interface CycleSetup {
  config: OperatorConfig;
  store: RunStore;
  suitePath: string;
  suite: Suite;
  lockdown: Lockdown;
  /** The digest of the whole operator.toml as read at start. */
  ruledBy: string;
  /** The digest of the suite's approval as it was before the cycle ran anything. */
  approvalAtStart: string;
  outDir: string;
  journal: string;
}

/**
 * Reads operator.toml, gives up `ffi`, and `run` unless the suite has a command target (before
 * any suite code is loaded), then loads the suite. `operator probe` starts the same way, so it
 * answers exactly as a cycle's own probe would.
 */
export async function prepareCycle(configPath: string): Promise<CycleSetup> {
  const { config } = await loadOperatorConfig(configPath);
  const dir = dirname(resolve(configPath));
  const store = new RunStore({ root: resolve(dir, config.store), tenant: config.tenant });
  const suitePath = resolve(dir, config.suite);
  const lockdown = await lockDown(suitePath);
  const suite = (await loadSuite(suitePath)).suite;
  const approvalAtStart = await approvalDigest(store, suite.name);
  return {
    approvalAtStart,
    config,
    store,
    suitePath,
    suite,
    lockdown,
    ruledBy: configDigest(config),
    outDir: join(store.tenantDir, "operator", suite.name),
    journal: decisionJournalPath(store, suite.name),
  };
}

/**
 * Decides a cycle under the policy on disk now, and journals the decision: a hold most of all,
 * since a hold nobody recorded looks exactly like a cycle that never ran.
 */
export async function decideCycle(
  cycle: Cycle,
  options: { configPath: string; journal: string },
): Promise<Decision> {
  const { config } = await loadOperatorConfig(options.configPath);
  const history = pastDecisions(await readDecisionJournal(options.journal)).filter((d) =>
    d.suite === cycle.suite && d.cycle_key !== cycle.cycle_key
  );
  const decision = decide(cycle, { config, history });
  await appendJournalLine(options.journal, decisionLine(cycle, decision));
  return decision;
}

interface Evidence {
  runId: string | null;
  runs: string[];
  baselineRun: string | null;
  exitCode: number;
  flips: Flip[];
  figuresWorse: string[];
  canaryMoved: string[];
  errored: string[];
  /** One line per cause the errored checks share, with its count. */
  erroredCauses: string[];
  calls: number;
  rerunsUsed: number;
}

async function gatherEvidence(
  suitePath: string,
  options: { store: RunStore; config: OperatorConfig; onFailure?: (error: unknown) => void },
): Promise<Evidence> {
  const { store, config } = options;
  const empty: Evidence = {
    runId: null,
    runs: [],
    baselineRun: null,
    exitCode: 0,
    flips: [],
    figuresWorse: [],
    canaryMoved: [],
    errored: [],
    erroredCauses: [],
    calls: 0,
    rerunsUsed: 0,
  };
  let runId: string | null = null;
  let calls = 0;
  try {
    // A cycle killed mid-run is resumed by the next, so its calls are not paid twice.
    const { run, reused } = await runSuite(suitePath, { store, resume: true });
    runId = run.run_id;
    const reusedSet = new Set(reused);
    calls = run.cases.filter((c) => !reusedSet.has(c.case_id)).reduce((n, c) => n + c.attempts, 0);
    const compared = await compareRun(run.run_id, {
      store,
      suite: run.suite.name,
      confirm: config.max_reruns > 0,
      confirmLimits: { maxRounds: config.max_reruns, maxCalls: config.budget - calls },
    });
    const confirmation = compared.confirmation;
    const rounds = confirmation?.rounds ?? [];
    calls += rounds.flat().reduce((n, c) => n + c.attempts, 0);
    const facts = compared.comparison.facts;
    const names = (kind: Fact["kind"]) =>
      facts.filter((f) => f.kind === kind).map((f) => f.figure ?? `${f.case_id} · ${f.assertion}`);
    return {
      ...empty,
      runId,
      runs: [run.run_id, ...(confirmation === undefined ? [] : [confirmation.confirmation_id])],
      baselineRun: compared.baselineRun.run_id,
      exitCode: compared.comparison.verdict,
      flips: flipsOf(facts, confirmation),
      figuresWorse: names("figure-worse"),
      canaryMoved: names("canary-moved"),
      errored: [...names("unjudged"), ...names("unreconciled")],
      // The journal and the dossier are shared like a report: a redacting suite's causes by digest.
      erroredCauses: erroredCauseLines(redactCauses(
        compared.comparison.errored_causes,
        canonicalRedaction(
          compared.candidate.redact ?? [],
          ...compared.baselineRuns.map((r) => r.redact ?? []),
        ),
      )),
      calls,
      rerunsUsed: rounds.length,
    };
  } catch (error) {
    const failure = decideFailure(error);
    if (failure.kind === "unexpected") options.onFailure?.(error);
    return {
      ...empty,
      runId,
      runs: runId === null ? [] : [runId],
      exitCode: failure.exitCode,
      calls,
    };
  }
}

/**
 * Each flip of the cycle's run, with what its reruns said. A stable check's break reproduced
 * unless its reruns dismissed it: reruns that ran out undecided never excuse a break.
 */
function flipsOf(facts: readonly Fact[], confirmation: ConfirmationDocument | undefined): Flip[] {
  const draws = drawsByCase(confirmation?.rounds ?? []);
  const reruns = (caseId: string, assertionId: string) =>
    (draws.get(caseId) ?? []).map((c) =>
      c.verdicts.find((v) => v.assertion_id === assertionId)?.status ?? "error"
    );
  const dismissed = (caseId: string, assertionId: string) =>
    confirmation !== undefined &&
    checkConfirmation(assertionId, {
        draws: draws.get(caseId) ?? [],
        plan: confirmation.plan,
      }).outcome === "dismissed";
  const flips: Flip[] = [];
  for (const fact of facts) {
    if (fact.case_id === undefined || fact.assertion === undefined) continue;
    if (
      fact.kind !== "regression" && fact.kind !== "unconfirmed" && fact.kind !== "noisy" &&
      fact.kind !== "stable-flip"
    ) {
      continue;
    }
    flips.push({
      case_id: fact.case_id,
      assertion: fact.assertion,
      assertion_id: fact.assertion_id ?? "",
      stable: fact.kind !== "noisy",
      reruns: reruns(fact.case_id, fact.assertion_id ?? ""),
      reproduced: fact.kind !== "noisy" && !dismissed(fact.case_id, fact.assertion_id ?? ""),
    });
  }
  return flips;
}

/** The budget must pay for one whole run even if every case retries, or no cycle can keep it. */
function refuseUnaffordable(suite: Suite, config: OperatorConfig): void {
  const worst = suite.cases
    .filter((c) => c.kind !== "suspended")
    .reduce((n, c) => n + (1 + suite.settings.retries) * (c.repeats ?? suite.settings.repeats), 0);
  if (worst > config.budget) {
    throw new UsageError(
      `operator.toml: a budget of ${config.budget} target calls can not pay for one run of suite ${suite.name} (up to ${worst} calls with its retries and repeats); raise budget or lower retries`,
    );
  }
}
