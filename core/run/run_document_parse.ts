import {
  type CaseResult,
  CaseResultSchema,
  type RunDocument,
  RunDocumentSchema,
} from "./run_document.ts";

/** A run document read back: the run, or the schema's first complaint about it. */
export type RunDocumentParse =
  | { success: true; data: RunDocument }
  | { success: false; error: { issues: { path: PropertyKey[]; message: string }[] } };

/**
 * RunDocumentSchema.safeParse, with the cases checked by hand first. A run of 10,000 cases × 5
 * checks is 60,000 objects, and the schema's parse of them was most of what `compare` cost.
 * A case the hand check does not vouch for is parsed by the schema; anything the schema
 * refuses sends the whole document back to it, so what is refused, and the sentence that says
 * why, are the schema's alone.
 */
export function parseRunDocument(json: unknown): RunDocumentParse {
  if (!isRecord(json) || !Array.isArray(json.cases)) return RunDocumentSchema.safeParse(json);
  const head = RunDocumentSchema.safeParse({ ...json, cases: [] });
  if (!head.success) return RunDocumentSchema.safeParse(json);
  const cases: CaseResult[] = [];
  for (const value of json.cases) {
    if (isPlainCaseResult(value)) {
      cases.push(value);
      continue;
    }
    const parsed = CaseResultSchema.safeParse(value);
    if (!parsed.success) return RunDocumentSchema.safeParse(json);
    cases.push(parsed.data);
  }
  return { success: true, data: { ...head.data, cases } };
}

// The fields the hand check knows; a case with any other (usage, samples, ...) is
// rare enough to leave to the schema.
const CASE_KEYS = new Set([
  "case_id",
  "kind",
  "group",
  "label",
  "expected_verdict",
  "output",
  "verdicts",
  "latency_ms",
  "attempts",
  "transport_error",
  "suspended_reason",
  "refused",
  "inputs_digest",
  "expected",
]);
const OPTIONAL_STRINGS = ["group", "label", "output", "transport_error", "suspended_reason"];
const VERDICT_KEYS = new Set([
  "assertion_id",
  "assertion",
  "status",
  "score",
  "reason",
  "metadata",
]);
const CASE_KINDS = new Set(["normal", "canary", "calibration", "suspended"]);
const STATUSES = new Set(["pass", "fail", "error"]);
const DIGEST16 = /^[0-9a-f]{16}$/;

/**
 * CaseResultSchema's rules for the common case, by hand. It accepts only what the schema
 * accepts, unchanged (a property test holds it there); when in doubt it says no.
 */
export function isPlainCaseResult(value: unknown): value is CaseResult {
  if (!isRecord(value)) return false;
  for (const key in value) if (!CASE_KEYS.has(key)) return false;
  if (typeof value.case_id !== "string" || !CASE_KINDS.has(value.kind as string)) return false;
  for (const key of OPTIONAL_STRINGS) {
    if (key in value && typeof value[key] !== "string") return false;
  }
  if (
    "expected_verdict" in value && value.expected_verdict !== "pass" &&
    value.expected_verdict !== "fail"
  ) return false;
  if ("refused" in value && value.refused !== true) return false;
  if (
    "inputs_digest" in value &&
    (typeof value.inputs_digest !== "string" || !DIGEST16.test(value.inputs_digest))
  ) return false;
  if ("expected" in value && !isJsonValue(value.expected)) return false;
  if (!isFiniteNumber(value.latency_ms) || value.latency_ms < 0) return false;
  if (!Number.isSafeInteger(value.attempts) || (value.attempts as number) < 0) return false;
  if (!Array.isArray(value.verdicts)) return false;
  for (const verdict of value.verdicts) if (!isPlainVerdict(verdict)) return false;
  return true;
}

function isPlainVerdict(value: unknown): boolean {
  if (!isRecord(value)) return false;
  for (const key in value) if (!VERDICT_KEYS.has(key)) return false;
  if (typeof value.assertion_id !== "string" || !DIGEST16.test(value.assertion_id)) return false;
  if (typeof value.assertion !== "string" || !STATUSES.has(value.status as string)) return false;
  if ("score" in value && !isFiniteNumber(value.score)) return false;
  if ("reason" in value && typeof value.reason !== "string") return false;
  // Present: the schema's default for an absent one is left to the schema.
  if (!isRecord(value.metadata)) return false;
  for (const key in value.metadata) {
    if (key.length > 64) return false;
    const item = value.metadata[key];
    if (
      typeof item === "string"
        ? item.length > 64
        : !isFiniteNumber(item) && typeof item !== "boolean"
    ) {
      return false;
    }
  }
  return true;
}

/** JsonValueSchema's rules: finite numbers, and no value JSON does not have. */
function isJsonValue(value: unknown): boolean {
  if (value === null || typeof value === "string" || typeof value === "boolean") return true;
  if (typeof value === "number") return Number.isFinite(value);
  if (Array.isArray(value)) return value.every(isJsonValue);
  return isRecord(value) && Object.values(value).every(isJsonValue);
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value) &&
    Object.getPrototypeOf(value) === Object.prototype && !Object.hasOwn(value, "__proto__");
}

function isFiniteNumber(value: unknown): value is number {
  return typeof value === "number" && Number.isFinite(value);
}
