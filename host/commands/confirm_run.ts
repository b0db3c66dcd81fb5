import type { ConfirmationDocument } from "../../core/compare/confirmation_document.ts";
import { nextDraws, planConfirmation } from "../../core/compare/confirmation_plan.ts";
import {
  type CaseResult,
  RUN_SCHEMA_VERSION,
  type RunDocument,
} from "../../core/run/run_document.ts";
import { type Clock, newRunId, systemClock } from "../clock.ts";
import { gitStamp } from "../git_stamp.ts";
import { ConfirmRefusedError } from "../refusals.ts";
import { withRunSession } from "../run_session.ts";
import type { RunStore } from "../store.ts";
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
}

/**
 * Draws again what a comparison left ambiguous, and stores the draws: the plan is made from the
 * baseline and the run's failures before anything is called (planConfirmation), then each round
 * draws the cases still wanted (nextDraws) until none are. Every round is reconciled with what
 * its cases were asked, like a run. Refused when the suite's cases or checks, or the commit, are
 * no longer the ones the run measured: the draws must come from the same system.
 */
export async function confirmRun(
  candidate: RunDocument,
  options: ConfirmOptions & { baselineRuns: readonly RunDocument[] },
): Promise<{ confirmation: ConfirmationDocument; path: string }> {
  const clock = options.clock ?? systemClock;
  const plan = planConfirmation(options.baselineRuns, candidate);
  const startedAt = clock.now();
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
    gitCommit = await gitStamp(loaded.dir);
    if (gitCommit !== candidate.git_commit) {
      throw new ConfirmRefusedError(candidate.run_id, {
        detail: `the run was made at commit ${candidate.git_commit ?? "none"} and the tree is ` +
          `at ${gitCommit ?? "none"} now; confirmation draws must come from the same system`,
      });
    }
    await withRunSession(loaded, async (session) => {
      let calls = 0;
      const limits = options.limits ?? {};
      const worstCalls = (ids: readonly string[]) =>
        ids.reduce((sum, id) => {
          const repeats = suite.cases.find((c) => c.id === id)?.repeats ?? suite.settings.repeats;
          return sum + (1 + suite.settings.retries) * repeats;
        }, 0);
      for (let ids = nextDraws(plan, rounds); ids.length > 0; ids = nextDraws(plan, rounds)) {
        if (rounds.length >= (limits.maxRounds ?? Infinity)) break;
        if (calls + worstCalls(ids) > (limits.maxCalls ?? Infinity)) break;
        const wanted = new Set(ids);
        const cases = suite.cases.filter((c) => wanted.has(c.id));
        const results = await session.draw(cases);
        rounds.push(results);
        calls += results.reduce((sum, r) => sum + r.attempts, 0);
        options.onRound?.({ index: rounds.length, cases: cases.length });
      }
    });
  }
  const confirmation: ConfirmationDocument = {
    schema_version: RUN_SCHEMA_VERSION,
    confirmation_id: newRunId(startedAt),
    candidate_run: candidate.run_id,
    baseline_runs: options.baselineRuns.map((r) => r.run_id),
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
    rounds,
  };
  const path = await options.store.writeConfirmation(confirmation);
  return { confirmation, path };
}
