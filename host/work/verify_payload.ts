import { compareRuns } from "../../core/compare/compare_runs.ts";
import { schemaCompilerFor } from "../checks/json_schema_compiler.ts";
import { compareDocumentOf, OUTPUT_VERSION, verifyFields } from "../../core/documents/mod.ts";
import type { VerifyDocument } from "../../core/documents/mod.ts";
import type { ConfirmationDocument } from "../../core/compare/confirmation_document.ts";
import type { BaselineDocument, RunDocument } from "../../core/run/run_document.ts";
import {
  canonicalRedaction,
  type Redactable,
  RedactListSchema,
} from "../../core/suite/report_settings.ts";
import { jsonFault } from "../store/json_fault.ts";
import { readNamedFile } from "../files/read_named_file.ts";
import { RunNotFoundError, UsageError } from "../process/refusals.ts";
import type { RunStore } from "../store/store.ts";
import { findConfirmation } from "./find_confirmation.ts";

/**
 * Re-derives a saved `compare --json` (or `explain --json`) payload from the store and says,
 * field by field, whether it still holds. A run the payload names that the store no longer has
 * is a refusal, not a mismatch.
 */
export async function verifyPayload(
  file: string,
  options: { store: RunStore },
): Promise<VerifyDocument> {
  const text = await readNamedFile(file, { display: file, what: "payload" });
  let saved: Record<string, unknown>;
  try {
    saved = JSON.parse(text);
  } catch (error) {
    throw new UsageError(`${file}: not a JSON payload (${jsonFault(error)})`);
  }
  if (saved === null || typeof saved !== "object" || Array.isArray(saved)) {
    throw new UsageError(`${file}: not a digline payload (expected a JSON object)`);
  }
  const kind = saved.kind;
  if (kind !== "compare" && kind !== "explain") {
    throw new UsageError(
      `${file}: verify re-derives compare and explain payloads; this one is of kind ${
        JSON.stringify(kind)
      }`,
    );
  }
  if (typeof saved.output_version !== "number" || saved.output_version > OUTPUT_VERSION) {
    throw new UsageError(
      `${file}: output_version ${
        JSON.stringify(saved.output_version)
      } is not one this digline reads (${OUTPUT_VERSION})`,
    );
  }
  const candidateId = requireString(saved, { file, field: "candidate_run" });
  const baselineIds = Array.isArray(saved.baseline_runs)
    ? saved.baseline_runs.map(String)
    : [requireString(saved, { file, field: "baseline_run" })];
  const candidate = await options.store.resolveRun(candidateId);
  const baselineRuns: RunDocument[] = [];
  // A run an approval cites may be only the copy beside it (a fresh clone); a named run may not.
  for (const id of baselineIds) {
    baselineRuns.push(
      await options.store.resolveRun(id).catch(async (error) => {
        if (!(error instanceof RunNotFoundError)) throw error;
        return await options.store.approvedRun(candidate.suite.name, id);
      }),
    );
  }
  const approval = await findApproval(saved, { store: options.store, suite: candidate.suite.name });
  const confirmation = await savedConfirmation(saved, {
    file,
    store: options.store,
    candidate,
    baselineRuns,
  });
  const compileSchema = await schemaCompilerFor(candidate.assertions.map((a) => a.definition));
  // A payload made under --baseline-ref was judged by the gate's rule for moved verdicts.
  const baselineRef = typeof saved.baseline_ref === "string" ? saved.baseline_ref : undefined;
  const acceptRulesChange = saved.rules_change_accepted === true;
  const comparison = compareRuns(baselineRuns, candidate, {
    confirmation,
    compileSchema,
    baselineRef,
    acceptRulesChange,
    // The runs that chose the confirmation's draws, as its plan records them; else the
    // approval's selection runs, when it is the one the payload was judged against.
    selectionRuns: confirmation?.plan.selection_runs ??
      (sameRuns(approval, baselineIds) ? approval?.selection_runs : undefined),
  });
  const derived = compareDocumentOf(comparison, {
    approval,
    kind,
    baselineRef,
    acceptRulesChange,
    approvalChange: await savedApprovalChange(saved, {
      store: options.store,
      suite: candidate.suite.name,
      approval,
    }),
    redact: canonicalRedaction(
      savedRedaction(saved),
      candidate.redact ?? [],
      ...baselineRuns.map((run) => run.redact ?? []),
    ),
  });
  return verifyFields(saved, { file, derived });
}

/**
 * The confirmation draws a saved payload was judged with: none when it names none (a payload from
 * before --confirm, or a plain compare), and a refusal when the store no longer has them.
 */
async function savedConfirmation(
  saved: Record<string, unknown>,
  where: { file: string; store: RunStore; candidate: RunDocument; baselineRuns: RunDocument[] },
): Promise<ConfirmationDocument | undefined> {
  const id = saved.confirmation;
  if (typeof id !== "string") return undefined;
  const found = await findConfirmation(where.candidate, {
    store: where.store,
    baselineRuns: where.baselineRuns,
    id,
  });
  if (found === undefined) {
    throw new UsageError(
      `${where.file}: the payload was judged with confirmation ${id}, which the store does not have`,
    );
  }
  return found;
}

/**
 * A payload made with --baseline-ref that reported an approval change: the change as the store
 * says it today, the newest approval on disk when it is not the one compared with. The ref is
 * the payload's own word (a name verify can not resolve after the fact); who approved what, when
 * and why are checked.
 */
async function savedApprovalChange(
  saved: Record<string, unknown>,
  where: { store: RunStore; suite: string; approval: BaselineDocument | null },
): Promise<{ ref: string; onDisk: BaselineDocument } | undefined> {
  const claimed = saved.approval_change as { ref?: unknown } | null | undefined;
  if (typeof claimed?.ref !== "string" || where.approval === null) return undefined;
  const onDisk = (await where.store.baselineHistory(where.suite)).at(-1);
  if (onDisk === undefined) return undefined;
  const same = onDisk.run_id === where.approval.run_id &&
    onDisk.promoted_at === where.approval.promoted_at;
  return same ? undefined : { ref: claimed.ref, onDisk };
}

/**
 * The redaction a saved payload states, which verify re-applies: a redacted payload holds when
 * the store gives the same document redacted the same way. One it can not read is left out, so
 * its `redacted` field reads as differing.
 */
function savedRedaction(saved: Record<string, unknown>): Redactable[] {
  const parsed = RedactListSchema.safeParse(saved.redacted);
  return parsed.success ? parsed.data : [];
}

function requireString(saved: Record<string, unknown>, where: { file: string; field: string }) {
  const value = saved[where.field];
  if (typeof value !== "string") {
    throw new UsageError(`${where.file}: the payload has no ${where.field} to re-derive it from`);
  }
  return value;
}

/** The approval a saved payload was compared under: the one with its run and time. */
async function findApproval(
  saved: Record<string, unknown>,
  options: { store: RunStore; suite: string },
): Promise<BaselineDocument | null> {
  const wanted = saved.approval as { promoted_at?: unknown } | null | undefined;
  if (wanted === null || wanted === undefined) return null;
  const history = await options.store.baselineHistory(options.suite);
  return history.find((b) =>
    b.run_id === saved.baseline_run && b.promoted_at === wanted.promoted_at
  ) ?? null;
}

/** Whether the approval is made of exactly these runs, in this order. */
function sameRuns(approval: BaselineDocument | null, ids: readonly string[]): boolean {
  if (approval === null) return false;
  const runs = approval.runs ?? [approval.run_id];
  return runs.length === ids.length && runs.every((id, i) => id === ids[i]);
}
