import { RefusalError } from "../../core/errors.ts";
import type { DecisionLine } from "../../core/operator/journal.ts";
import type { BaselineDocument, CaseResult, RunDocument } from "../../core/run/run_document.ts";
import { caseSegment, linkTo } from "../../core/viewer/site_paths.ts";
import { redactRun } from "../../core/run/redact_run.ts";
import { canonicalRedaction, type Redactable } from "../../core/suite/redaction.ts";
import { primaryAggregate } from "../../core/suite/gate_defaults.ts";
import { caseStrips } from "../../core/viewer/case_strips.ts";
import type { ComparisonView } from "../../core/viewer/comparison_page.ts";
import type { RunsDiffView } from "../../core/viewer/diff_page.ts";
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
    const { compareDocument } = await import("../work/compare_document.ts");
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
    const run = await this.store.readRun(await this.#entry(runId));
    const redacted = canonicalRedaction(this.redact, run.redact ?? []);
    return {
      run: redactRun(run, redacted),
      redacted,
      unlisted: !this.store.isListed({ runId, suite: run.suite.name }),
    };
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

  /**
   * The runs a run's page compares it with: the one stored before it, and the approved one; and
   * how many of its suite's runs are newer, which decides whether the exported folder holds them.
   */
  async neighbours(
    runId: string,
  ): Promise<{ previous: string | null; approved: string | null; newer: number }> {
    const entry = await this.#entry(runId);
    const suiteRuns = (await this.store.runIndex()).filter((e) => e.suite === entry.suite);
    const index = suiteRuns.findIndex((e) => e.runId === runId);
    return {
      previous: index > 0 ? suiteRuns[index - 1].runId : null,
      approved: (await this.store.baselineHistory(entry.suite)).at(-1)?.run_id ?? null,
      newer: suiteRuns.length - 1 - index,
    };
  }

  /**
   * Two runs of one suite as `digline diff A B` compares them, through its own document, with
   * both runs redacted as the site asks. Ids are exact; two suites' runs are no page.
   */
  async runsDiff(a: string, b: string): Promise<RunsDiffView> {
    const [first, second] = [await this.#entry(a), await this.#entry(b)];
    if (first.suite !== second.suite) {
      throw new NoSuchPageError(
        `runs ${a} and ${b} are of suites ${first.suite} and ${second.suite}: a comparison is of two runs of one suite`,
      );
    }
    const { diffDocument } = await import("../work/store_documents.ts");
    const diff = await diffDocument(this.store, {
      a,
      b,
      suite: first.suite,
      redact: this.redact,
    });
    const runA = await this.store.readRun(first);
    const runB = await this.store.readRun(second);
    const redacted = canonicalRedaction(this.redact, runA.redact ?? [], runB.redact ?? []);
    return {
      diff,
      a: redactRun(runA, redacted),
      b: redactRun(runB, redacted),
      approved: (await this.store.baselineHistory(first.suite)).at(-1)?.run_id ?? null,
      redacted,
    };
  }

  async #entry(runId: string): Promise<{ runId: string; suite: string }> {
    const entry = (await this.store.runIndex()).find((e) => e.runId === runId);
    if (entry === undefined) throw new NoSuchPageError(`no run ${runId} in the store`);
    return entry;
  }

  /**
   * The latest run against its approval, from what the HTML report is drawn from; a suite with no
   * approval, or one compare refuses, is a page that says so, never an error.
   */
  async comparison(suite: string): Promise<ComparisonView> {
    if ((await this.store.baselineHistory(suite)).length === 0) {
      const { runs, unlisted } = await this.store.listing({ suite, newest: 1 });
      const latest = runs.findLast((r) => !unlisted.has(r.run_id)) ?? runs.at(-1);
      return { kind: "unapproved", suite, latest: latest?.run_id ?? null };
    }
    const { reportInput } = await import("../work/report.ts");
    try {
      const { input } = await reportInput(undefined, {
        store: this.store,
        suite,
        history: true,
        redact: this.redact,
        caseHref: (runId, caseId) =>
          linkTo({ page: "comparison", suite }, { page: "case", runId, caseId }),
      });
      return { kind: "compared", input };
    } catch (error) {
      if (error instanceof RefusalError) return { kind: "refused", suite, message: error.message };
      throw error;
    }
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
