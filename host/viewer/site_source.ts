import { RefusalError } from "../../core/errors.ts";
import type { DecisionLine } from "../../core/operator/journal.ts";
import type { BaselineDocument, CaseResult, RunDocument } from "../../core/run/run_document.ts";
import { caseSegment, linkTo } from "../../core/viewer/site_paths.ts";
import { redactRun } from "../../core/run/redact_run.ts";
import { canonicalRedaction, type Redactable } from "../../core/suite/redaction.ts";
import { primaryAggregate } from "../../core/suite/gate_defaults.ts";
import { caseStrips } from "../../core/viewer/case_strips.ts";
import type {
  JournalView,
  LatestVerdict,
  SuiteHistory,
  SuiteOverview,
} from "../../core/viewer/site_model.ts";
import {
  decisionJournalPath,
  pastDecisions,
  readDecisionJournal,
} from "../operator/decision_journal.ts";
import { RunStore } from "../store/store.ts";

/** The suites page draws the primary figure over this many of the newest runs. */
export const TREND_RUNS = 30;
/** The suite page charts at most this many of the newest runs. */
export const CHART_RUNS = 500;
/** The case strips cover this many of the newest runs. */
export const STRIP_RUNS = 30;

/**
 * What the site's pages are drawn from, read from the store as each page asks, through the same
 * functions `list`, `log`, `view` and `compare` use. It only reads: nothing here writes.
 */
export class SiteSource {
  readonly store: RunStore;
  readonly redact: readonly Redactable[];

  constructor(store: RunStore, options: { redact: readonly Redactable[] }) {
    this.store = store;
    this.redact = options.redact;
  }

  /**
   * The same site over a store opened afresh: the store keeps what it read, and a server that
   * runs for hours must show the runs stored since it started.
   */
  fresh(): SiteSource {
    return new SiteSource(new RunStore({ root: this.store.root, tenant: this.store.tenant }), {
      redact: this.redact,
    });
  }

  /** The store's suites. */
  suites(): Promise<string[]> {
    return this.store.suites();
  }

  /** Each suite with its approval, latest run and verdict, and its primary trend. */
  async overviews(): Promise<SuiteOverview[]> {
    const overviews: SuiteOverview[] = [];
    for (const suite of await this.store.suites()) {
      const { runs, unlisted } = await this.store.listing({ suite, newest: TREND_RUNS });
      const latest = runs.findLast((r) => !unlisted.has(r.run_id)) ?? null;
      const approval = (await this.store.baselineHistory(suite)).at(-1) ?? null;
      const primary = latest === null ? null : await this.#primaryFigure(latest.run_id, suite);
      overviews.push({
        suite,
        runCount: await this.store.runCount({ suite }),
        latest,
        approval,
        verdict: latest === null ? { kind: "none" } : await this.latestVerdict(suite),
        primary: primary === null
          ? null
          : { name: primary, values: runs.map((r) => r.figures[primary] ?? null) },
      });
    }
    return overviews;
  }

  /** How the suite's latest run reads against its approval, or why it can not be compared. */
  async latestVerdict(suite: string): Promise<LatestVerdict> {
    const { compareDocument } = await import("../commands/compare_document.ts");
    try {
      const { document } = await compareDocument(undefined, {
        store: this.store,
        suite,
        kind: "compare",
      });
      return {
        kind: "judged",
        verdict: document.verdict,
        headline: document.headline,
        run_id: document.candidate_run,
      };
    } catch (error) {
      if (error instanceof RefusalError) return { kind: "refused", message: error.message };
      throw error;
    }
  }

  /** A suite's runs, approvals, operator decisions and case strips. */
  async history(suite: string): Promise<SuiteHistory> {
    const { runs, unlisted } = await this.store.listing({ suite, newest: CHART_RUNS });
    const latest = runs.at(-1);
    const stripRuns: RunDocument[] = [];
    for (const synopsis of runs.slice(-STRIP_RUNS)) {
      stripRuns.push(await this.store.readRun({ runId: synopsis.run_id, suite }));
    }
    return {
      suite,
      runs,
      unlisted,
      runCount: await this.store.runCount({ suite }),
      primary: latest === undefined ? null : await this.#primaryFigure(latest.run_id, suite),
      approvals: await this.store.baselineHistory(suite),
      decisions: await this.#decisions(suite),
      strips: caseStrips(stripRuns),
      stripRuns: stripRuns.length,
    };
  }

  /** One run, redacted as the site and its suite ask. */
  async run(
    runId: string,
  ): Promise<{ run: RunDocument; redacted: Redactable[]; unlisted: boolean }> {
    const entry = (await this.store.runIndex()).find((e) => e.runId === runId);
    if (entry === undefined) throw new NoSuchPageError(`no run ${runId} in the store`);
    const run = await this.store.readRun(entry);
    const redacted = canonicalRedaction(this.redact, run.redact ?? []);
    return { run: redactRun(run, redacted), redacted, unlisted: !this.store.isListed(entry) };
  }

  /**
   * One case of a run, redacted as the site and its suite ask, with the run's own facts (its
   * cases left out): only that case is redacted, so a page per case costs one case's digests.
   */
  async case(
    runId: string,
    caseId: string,
  ): Promise<{ run: RunDocument; result: CaseResult; redacted: Redactable[]; unlisted: boolean }> {
    const entry = (await this.store.runIndex()).find((e) => e.runId === runId);
    if (entry === undefined) throw new NoSuchPageError(`no run ${runId} in the store`);
    const run = await this.store.readRun(entry);
    const result = run.cases.find((c) => c.case_id === caseId) ??
      run.cases.find((c) => caseSegment(c.case_id) === caseSegment(caseId));
    if (result === undefined) throw new NoSuchPageError(`no case ${caseId} in run ${runId}`);
    const redacted = canonicalRedaction(this.redact, run.redact ?? []);
    const { baseline_rechecks: _rechecks, ...facts } = run;
    const one = redactRun({ ...facts, cases: [result] }, redacted);
    return {
      run: one,
      result: one.cases[0],
      redacted,
      unlisted: !this.store.isListed(entry),
    };
  }

  /** The latest run against its approval as the HTML report draws it. */
  async comparison(suite: string): Promise<string> {
    const { reportDocument } = await import("../commands/report.ts");
    const { text } = await reportDocument(undefined, {
      store: this.store,
      suite,
      format: "html",
      redact: this.redact,
      caseHref: (runId, caseId) =>
        linkTo({ page: "comparison", suite }, { page: "case", runId, caseId }),
    });
    return text;
  }

  /** Every approval and operator decision in the store. */
  async journal(): Promise<JournalView> {
    const approvals: BaselineDocument[] = [];
    const decisions: DecisionLine[] = [];
    for (const suite of await this.store.suites()) {
      approvals.push(...await this.store.baselineHistory(suite));
      decisions.push(...await this.#decisions(suite));
    }
    return { approvals, decisions };
  }

  async #decisions(suite: string): Promise<DecisionLine[]> {
    return pastDecisions(await readDecisionJournal(decisionJournalPath(this.store, suite)));
  }

  async #primaryFigure(runId: string, suite: string): Promise<string | null> {
    const run = await this.store.readRun({ runId, suite });
    const aggregate = primaryAggregate(run.aggregates ?? []);
    if (aggregate === null) return null;
    return run.figures.find((f) => f.aggregate === aggregate && f.group === null)?.name ?? null;
  }
}

/** A page the store has nothing for: a run or suite it does not hold. */
export class NoSuchPageError extends Error {}
