import type { ConfirmationDocument } from "../../core/compare/confirmation_document.ts";
import { digline, type StoreWhere } from "../../core/printed_command.ts";
import { confirmationBinding } from "./confirmation_binding.ts";
import {
  type ConfirmShortfall,
  confirmShortfall,
  nextDraws,
  planConfirmation,
} from "../../core/compare/confirmation_plan.ts";
import {
  type CaseResult,
  RUN_SCHEMA_VERSION,
  type RunDocument,
} from "../../core/run/run_document.ts";
import { type Clock, newRunId, systemClock } from "../process/clock.ts";
import { gitStamp } from "../git/git_stamp.ts";
import { ConfirmRefusedError } from "../process/refusals.ts";
import { withRunSession } from "../running/run_session.ts";
import {
  confirmJournalPath,
  ConfirmJournalWriter,
  readConfirmJournal,
} from "../journal/confirm_journal.ts";
import type { RunStore } from "../store/store.ts";
import { loadSuite } from "../suite_loader/mod.ts";

/** What `compare --confirm` needs to draw again. */
export interface ConfirmOptions {
  store: RunStore;
  clock?: Clock;
  /** Called after each round with the cases it drew. */
  onRound?: (round: { index: number; cases: number }) => void;
  /**
   * Caps for a scheduled caller: at most this many rounds, and no round that could take the
   * target calls past `maxCalls` even if every case retried. What is left undrawn stays
   * undecided, never dismissed.
   */
  limits?: { maxRounds?: number; maxCalls?: number };
  /** The plan's budget of extra calls, in place of the suite's `[gate] max_extra_calls`. */
  maxExtraCalls?: number;
  /**
   * The commit the suite's tree is at, when the caller asked git already (an MCP worker may not
   * start git); asked of git here when absent.
   */
  gitCommit?: string | null;
  /** Called when an interrupted `--confirm`'s journaled draws are carried on with. */
  onResume?: (resumed: { draws: number; dropped: number }) => void;
  /** The approval's recorded selection runs (`selection_runs`), absent when it records none. */
  selectionRuns?: readonly string[];
}

/**
 * Draws again what a comparison left ambiguous, and stores the draws: the plan is made from the
 * baseline and the run's failures before anything is called (planConfirmation), then each round
 * draws the cases still wanted (nextDraws, within the plan's budget) until none are. Each draw
 * is journaled as it finishes, so a killed `--confirm` resumes with its plan and draws. Every round is reconciled with what
 * its cases were asked, like a run. Refused when the suite's cases or checks, or the commit, are
 * no longer the ones the run measured: the draws must come from the same system.
 */
export async function confirmRun(
  candidate: RunDocument,
  options: ConfirmOptions & { baselineRuns: readonly RunDocument[] },
): Promise<{ confirmation: ConfirmationDocument; path: string }> {
  const clock = options.clock ?? systemClock;
  const baselineIds = options.baselineRuns.map((r) => r.run_id);
  const journalFile = confirmJournalPath(options.store, {
    suite: candidate.suite.name,
    runId: candidate.run_id,
  });
  const fresh = planConfirmation(options.baselineRuns, candidate, {
    maxExtraCalls: options.maxExtraCalls,
    selectionRuns: options.selectionRuns,
  });
  // An interrupted --confirm of this run against this baseline left its plan and draws: the
  // plan was fixed before any draw, so carrying on with it keeps every draw's meaning. Only
  // under the budget it was planned with: one that allows another budget plans afresh, as a
  // finished confirmation cut short by a smaller one is drawn anew (cutShortOf).
  const interrupted = await readConfirmJournal(journalFile, {
    candidateRun: candidate.run_id,
    baselineRuns: baselineIds,
  });
  const journal = interrupted?.header.plan.max_extra_calls === fresh.max_extra_calls
    ? interrupted
    : null;
  if (journal === null) {
    const shortfall = confirmShortfall(options.baselineRuns);
    if (shortfall !== null) {
      throw new ConfirmRefusedError(candidate.run_id, {
        detail: shortfallSentence(shortfall, options.store.where),
      });
    }
  }
  const plan = journal?.header.plan ?? fresh;
  const startedAt = journal === null ? clock.now() : new Date(journal.header.started_at);
  const confirmationId = journal?.header.confirmation_id ?? newRunId(startedAt);
  if (journal !== null) {
    const kept = journal.rounds.reduce((sum, r) => sum + r.size, 0);
    options.onResume?.({ draws: kept, dropped: journal.dropped });
  }
  const rounds: CaseResult[][] = [];
  let gitCommit = candidate.git_commit;
  if (nextDraws(plan, rounds).length > 0) {
    const loaded = await loadSuite(candidate.suite.source);
    const suite = loaded.suite;
    if (
      suite.cases_digest !== candidate.suite.cases_digest ||
      suite.config_hash !== candidate.suite.config_hash
    ) {
      throw new ConfirmRefusedError(candidate.run_id, {
        detail: `the suite at ${candidate.suite.source} no longer has the cases and checks the ` +
          "run measured; run the suite again and compare that run",
      });
    }
    gitCommit = options.gitCommit !== undefined ? options.gitCommit : await gitStamp(loaded.dir);
    if (gitCommit !== candidate.git_commit) {
      throw new ConfirmRefusedError(candidate.run_id, {
        detail: `the run was made at commit ${candidate.git_commit ?? "none"} and the tree is ` +
          `at ${gitCommit ?? "none"} now; confirmation draws must come from the same system`,
      });
    }
    const writer = await ConfirmJournalWriter.open(journalFile, {
      header: {
        confirm_journal: 1,
        confirmation_id: confirmationId,
        candidate_run: candidate.run_id,
        baseline_runs: baselineIds,
        started_at: startedAt.toISOString(),
        git_commit: gitCommit,
        plan,
      },
      kept: journal?.rounds ?? [],
    });
    try {
      await withRunSession(loaded, async (session) => {
        let calls = 0;
        const limits = options.limits ?? {};
        const repeatsOf = (id: string) =>
          suite.cases.find((c) => c.id === id)?.repeats ?? suite.settings.repeats;
        const worstCalls = (ids: readonly string[]) =>
          ids.reduce((sum, id) => sum + (1 + suite.settings.retries) * repeatsOf(id), 0);
        const next = () => nextDraws(plan, rounds, { cost: repeatsOf });
        for (let ids = next(); ids.length > 0; ids = next()) {
          if (rounds.length >= (limits.maxRounds ?? Infinity)) break;
          if (calls + worstCalls(ids) > (limits.maxCalls ?? Infinity)) break;
          const wanted = new Set(ids);
          const cases = suite.cases.filter((c) => wanted.has(c.id));
          const index = rounds.length;
          const results = await session.draw(cases, {
            reuse: journal?.rounds[index],
            onCaseResult: (result) => writer.append(index, result),
          });
          rounds.push(results);
          calls += results.reduce((sum, r) => sum + r.attempts, 0);
          options.onRound?.({ index: rounds.length, cases: cases.length });
        }
      });
    } catch (error) {
      await writer.close();
      throw error;
    }
    await writer.finish();
  }
  const confirmation: ConfirmationDocument = {
    schema_version: RUN_SCHEMA_VERSION,
    confirmation_id: confirmationId,
    candidate_run: candidate.run_id,
    baseline_runs: baselineIds,
    suite: {
      name: candidate.suite.name,
      cases_digest: candidate.suite.cases_digest,
      config_hash: candidate.suite.config_hash,
    },
    target: candidate.target,
    git_commit: gitCommit,
    started_at: startedAt.toISOString(),
    finished_at: clock.now().toISOString(),
    plan,
    bound_to: confirmationBinding(candidate, options.baselineRuns),
    rounds,
  };
  const path = await options.store.writeConfirmation(confirmation);
  return { confirmation, path };
}

/** What a refused `--confirm` tells the user: why, and the runs (or reruns) that would do. */
function shortfallSentence(s: ConfirmShortfall, where: StoreWhere): string {
  const runs = s.runs_needed === null
    ? "no baseline size would with this confirm_draws"
    : `promote a baseline of at least ${s.runs_needed} runs ` +
      `(${digline(`promote RUN --repeats ${s.runs_needed} --because TEXT`, where)})`;
  const draws = s.draws_needed === null ? "" : `, or set [gate] confirm_draws = ${s.draws_needed}`;
  return `a baseline of ${s.runs} run${s.runs === 1 ? "" : "s"} can not hold the chance of ` +
    `confirming a false break of its ${s.checks} checks within alpha in ${s.max_draws} reruns; ` +
    `${runs}${draws} (docs/detection.md)`;
}
