import type { BaselineDocument } from "../../core/run_document.ts";
import { RUN_SCHEMA_VERSION } from "../../core/run_document.ts";
import { type Clock, systemClock } from "../clock.ts";
import { gitUserName } from "../git_stamp.ts";
import { PromoteRefusedError } from "../refusals.ts";
import type { RunStore } from "../store.ts";
import { selectSuite } from "./select_suite.ts";

/** What `promote` needs besides the run. */
export interface PromoteOptions {
  store: RunStore;
  suite?: string;
  because?: string;
  /** Who approves; git's user.name when absent. */
  by?: string;
  clock?: Clock;
}

/** The approval written, and where. */
export interface PromoteResult {
  baseline: BaselineDocument;
  path: string;
}

/**
 * Makes a run the approved baseline of its suite. Refuses a run with any errored verdict,
 * naming unreconciled checks first: a run with an unanswered question is not a reference.
 */
export async function promoteRun(ref: string, options: PromoteOptions): Promise<PromoteResult> {
  const suite = await selectSuite(options.store, options.suite);
  const run = await options.store.resolveRun(ref, { suite });
  const errored = run.cases.flatMap((c) =>
    c.verdicts.filter((v) => v.status === "error").map((v) => ({
      name: `${c.case_id} · ${v.assertion}`,
      unreconciled: v.metadata.unreconciled === true,
    }))
  );
  const unreconciled = errored.filter((e) => e.unreconciled).map((e) => e.name);
  if (unreconciled.length > 0) {
    throw new PromoteRefusedError(run.run_id, { reason: "unreconciled", checks: unreconciled });
  }
  if (errored.length > 0) {
    throw new PromoteRefusedError(run.run_id, {
      reason: "errored",
      checks: errored.map((e) => e.name),
    });
  }
  const uncomputable = run.figures.filter((f) => f.value === null).map((f) => f.name);
  if (uncomputable.length > 0) {
    throw new PromoteRefusedError(run.run_id, { reason: "uncomputable", checks: uncomputable });
  }
  const clock = options.clock ?? systemClock;
  const baseline: BaselineDocument = {
    schema_version: RUN_SCHEMA_VERSION,
    suite: run.suite.name,
    tenant: options.store.tenant,
    run_id: run.run_id,
    promoted_by: options.by ?? await gitUserName(Deno.cwd()) ?? "unknown",
    promoted_at: clock.now().toISOString(),
    because: options.because ?? null,
  };
  const path = await options.store.writeBaseline(baseline);
  return { baseline, path };
}
