import type { CaseResult, RunDocument } from "../../core/run/run_document.ts";
import type { StoreWhere } from "../../core/printed_command.ts";
import { gitStamp } from "../git/git_stamp.ts";
import { ConfirmRefusedError, NotDeterministicError } from "../process/refusals.ts";
import { withRunSession } from "../running/run_session.ts";
import { loadSuite } from "../suite_loader/mod.ts";

/** What `promote --check-determinism` found: the sampled cases, each answering as in the run. */
export interface DeterminismCheck {
  sampled: string[];
}

/**
 * Draws a sample of the run's answered cases again (spread evenly over the suite, so the choice
 * is blind to what any case showed) and refuses (NotDeterministicError, naming the cases) when
 * any answer or verdict differs from the run's: a one-run baseline is only sound for a system
 * that answers the same way every time. Like `compare --confirm`, the draws must come from the
 * system the run measured, so a changed suite or commit is refused.
 */
export async function checkDeterminism(
  run: RunDocument,
  options: { sample: number; where?: StoreWhere },
): Promise<DeterminismCheck> {
  const answered = run.cases.filter((c) =>
    c.kind === "normal" && c.output !== undefined && c.verdicts.every((v) => v.status !== "error")
  );
  const count = Math.min(options.sample, answered.length);
  const picked = Array.from(
    { length: count },
    (_, i) => answered[Math.floor((i * answered.length) / count)],
  );
  if (picked.length === 0) return { sampled: [] };
  const loaded = await loadSuite(run.suite.source);
  const suite = loaded.suite;
  if (
    suite.cases_digest !== run.suite.cases_digest || suite.config_hash !== run.suite.config_hash
  ) {
    throw new ConfirmRefusedError(run.run_id, {
      doing: "check the determinism of",
      detail: `the suite at ${run.suite.source} no longer has the cases and checks the run ` +
        "measured, so its answers can not be drawn again; run the suite again and promote that run",
    });
  }
  const commit = await gitStamp(loaded.dir);
  if (commit !== run.git_commit) {
    throw new ConfirmRefusedError(run.run_id, {
      doing: "check the determinism of",
      detail: `the run was made at commit ${run.git_commit ?? "none"} and the tree is at ` +
        `${commit ?? "none"} now; the answers must come from the same system`,
    });
  }
  const wanted = new Set(picked.map((c) => c.case_id));
  const drawn = await withRunSession(
    loaded,
    (session) => session.draw(suite.cases.filter((c) => wanted.has(c.id))),
  );
  const again = new Map(drawn.map((c) => [c.case_id, c]));
  const differing = picked.filter((c) => !sameAnswer(c, again.get(c.case_id)))
    .map((c) => c.case_id);
  if (differing.length > 0) {
    throw new NotDeterministicError(run.run_id, {
      cases: differing,
      sampled: picked.length,
      ...(options.where === undefined ? {} : { where: options.where }),
    });
  }
  return { sampled: picked.map((c) => c.case_id) };
}

/** The same output and the same verdict on every check. */
function sameAnswer(before: CaseResult, after: CaseResult | undefined): boolean {
  if (after === undefined || after.output !== before.output) return false;
  const now = new Map(after.verdicts.map((v) => [v.assertion_id, v.status]));
  return before.verdicts.every((v) => now.get(v.assertion_id) === v.status);
}
