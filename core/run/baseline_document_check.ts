import type { BaselineDocument } from "./run_document.ts";
import { RUN_SCHEMA_VERSION } from "./run_schema_version.ts";
import {
  hasExactly,
  hasKeysInOrder,
  inOrder,
  isIsoDatetime,
  isRecord,
  isRunId,
} from "./run_document_check.ts";

// BaselineDocumentSchema's rules by hand, without zod: `compare` reads the approval before
// anything else, and importing zod and the run schemas for a document of a few lines cost more
// than comparing. The check accepts only what the schema accepts, unchanged
// (tests/core/run/baseline_document_check_test.ts); whatever it refuses goes to the schema,
// imported then, which is the judge of what is refused and why (ADR 0059, ADR 0063).

const BASELINE_KEYS = inOrder([
  "schema_version",
  "suite",
  "tenant",
  "run_id",
  "promoted_by",
  "promoted_at",
  "because",
  "runs",
  "measured",
]);
const REQUIRED = ["schema_version", "suite", "tenant", "run_id", "promoted_by", "promoted_at"];

/** An approval as `digline promote` writes it, checked by hand. */
export function isPlainBaselineDocument(value: unknown): value is BaselineDocument {
  if (!isRecord(value) || !hasKeysInOrder(value, BASELINE_KEYS)) return false;
  if (!REQUIRED.every((key) => key in value) || !("because" in value)) return false;
  const v = value;
  if (v.schema_version !== RUN_SCHEMA_VERSION || !isRunId(v.run_id)) return false;
  if (
    typeof v.suite !== "string" || typeof v.tenant !== "string" ||
    typeof v.promoted_by !== "string" || !isIsoDatetime(v.promoted_at) ||
    (v.because !== null && typeof v.because !== "string")
  ) return false;
  if ("runs" in v && !(Array.isArray(v.runs) && v.runs.length > 0 && v.runs.every(isRunId))) {
    return false;
  }
  return !("measured" in v) || isPlainBaselineRecord(v.measured);
}

/** BaselineRecordSchema: what an approval of several runs measured. */
function isPlainBaselineRecord(value: unknown): boolean {
  if (!hasExactly(value, ["of", "passes", "noisy", "figures"])) return false;
  if (!Number.isSafeInteger(value.of) || (value.of as number) <= 0) return false;
  if (!isRecordOf(value.passes, (checks) => isRecordOf(checks, isCount))) return false;
  if (!Array.isArray(value.noisy) || !value.noisy.every((s) => typeof s === "string")) {
    return false;
  }
  return isRecordOf(
    value.figures,
    (figure) =>
      hasExactly(figure, ["values", "spread"]) && Array.isArray(figure.values) &&
      figure.values.every(isNumberOrNull) && isNumberOrNull(figure.spread),
  );
}

function isRecordOf(value: unknown, each: (entry: unknown) => boolean): boolean {
  return isRecord(value) && Object.values(value).every(each);
}

function isCount(value: unknown): boolean {
  return Number.isSafeInteger(value) && (value as number) >= 0;
}

function isNumberOrNull(value: unknown): boolean {
  return value === null || (typeof value === "number" && Number.isFinite(value));
}
