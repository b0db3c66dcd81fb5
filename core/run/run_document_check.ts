import type { CaseResult, RunDocument } from "./run_document.ts";
import { RUN_SCHEMA_VERSION } from "./run_schema_version.ts";
import { AGGREGATE_KEYS, AGGREGATE_KINDS, AGGREGATE_NAME } from "../suite/aggregate_shape.ts";
import { TARGET_SETTINGS_KEYS } from "./target_settings.ts";

// RunDocumentSchema's rules for a run as digline writes it, by hand and without zod: `view`
// reads one run and `compare` two, and importing zod with the run schemas cost more than
// reading them. Each check accepts only what the schema accepts, unchanged (property tests in
// tests/core/run/run_document_parse_test.ts hold them there); when in doubt it says no, and the
// schema, imported then, is the judge (ADR 0055, ADR 0059).

const RUN_KEYS = inOrder([
  "schema_version",
  "run_id",
  "tenant",
  "suite",
  "target",
  "target_settings",
  "git_commit",
  "started_at",
  "finished_at",
  "assertions",
  "aggregates",
  "cases",
  "figures",
  "gate",
  "totals",
  "rejudged_from",
  "merged_from",
  "redact",
]);
const RUN_ID = /^\d{8}-\d{6}-\d{3}-[0-9a-f]{6}$/;
const ISO_MILLISECONDS = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

/**
 * A whole run by hand: its head, then each case. A run with a field the check does not know
 * (a shard, baseline rechecks, ...) is left to the schema.
 */
export function isPlainRunDocument(value: unknown): value is RunDocument {
  if (!isRecord(value)) return false;
  if (!hasKeysInOrder(value, RUN_KEYS)) return false;
  const v = value;
  if (v.schema_version !== RUN_SCHEMA_VERSION || !isRunId(v.run_id)) return false;
  if (typeof v.tenant !== "string") return false;
  if (
    !hasExactly(v.suite, ["name", "cases_digest", "config_hash", "source"]) ||
    typeof v.suite.name !== "string" || !isDigest(v.suite.cases_digest) ||
    !isDigest(v.suite.config_hash) || typeof v.suite.source !== "string"
  ) return false;
  if (
    !hasExactly(v.target, ["kind", "name"]) || typeof v.target.kind !== "string" ||
    typeof v.target.name !== "string"
  ) return false;
  if ("target_settings" in v && !isPlainTargetSettings(v.target_settings)) return false;
  if (v.git_commit !== null && typeof v.git_commit !== "string") return false;
  if (!isIsoDatetime(v.started_at) || !isIsoDatetime(v.finished_at)) return false;
  if (!Array.isArray(v.assertions) || !v.assertions.every(isPlainAssertion)) return false;
  if ("aggregates" in v && !(Array.isArray(v.aggregates) && v.aggregates.every(isPlainAggregate))) {
    return false;
  }
  if (!Array.isArray(v.figures) || !v.figures.every(isPlainFigure)) return false;
  if ("gate" in v && !isPlainGate(v.gate)) return false;
  if ("totals" in v && !isPlainTotals(v.totals)) return false;
  if ("rejudged_from" in v && !isRunId(v.rejudged_from)) return false;
  if (
    "merged_from" in v &&
    !(Array.isArray(v.merged_from) && v.merged_from.length > 0 && v.merged_from.every(isRunId))
  ) return false;
  if (
    "redact" in v &&
    !(Array.isArray(v.redact) && v.redact.every((r) => r === "outputs" || r === "vars"))
  ) return false;
  return Array.isArray(v.cases) && v.cases.every(isPlainCaseResult);
}

const SETTINGS_KEYS = inOrder(TARGET_SETTINGS_KEYS);

/** TargetSettingsSchema by hand. */
function isPlainTargetSettings(value: unknown): boolean {
  if (!isRecord(value) || !hasKeysInOrder(value, SETTINGS_KEYS)) return false;
  for (const key of ["provider", "model", "endpoint"]) {
    if (typeof value[key] !== "string") return false;
  }
  for (const key of ["system", "prompt", "anthropic_version"]) {
    if (key in value && typeof value[key] !== "string") return false;
  }
  for (const key of ["temperature", "top_p"]) {
    if (key in value && !(typeof value[key] === "number" && Number.isFinite(value[key]))) {
      return false;
    }
  }
  for (const key of ["max_tokens", "max_completion_tokens", "seed"]) {
    if (key in value && !Number.isSafeInteger(value[key])) return false;
  }
  return !("extra_body" in value) || (isRecord(value.extra_body) && isJsonValue(value.extra_body));
}

function isPlainAssertion(value: unknown): boolean {
  if (!isRecord(value) || !hasKeysInOrder(value, ASSERTION_KEYS)) return false;
  return isDigest(value.id) && typeof value.name === "string" && typeof value.kind === "string" &&
    (!("definition" in value) || isJsonValue(value.definition));
}
const ASSERTION_KEYS = inOrder(["id", "name", "kind", "definition"]);

const AGGREGATE_KEY_ORDER = inOrder(AGGREGATE_KEYS);
const FIGURE_KINDS: ReadonlySet<string> = new Set(AGGREGATE_KINDS);

/** AggregateSpecSchema, its refinements included; a `positive` that is not a string is left. */
function isPlainAggregate(value: unknown): boolean {
  if (!isRecord(value) || !hasKeysInOrder(value, AGGREGATE_KEY_ORDER)) return false;
  const { name, kind, over } = value;
  if (typeof name !== "string" || name.length < 1 || name.length > 100) return false;
  if (!AGGREGATE_NAME.test(name) || !FIGURE_KINDS.has(kind as string)) return false;
  if (typeof over !== "string" || over.length < 1) return false;
  if ("by" in value && value.by !== "group") return false;
  if ("positive" in value && typeof value.positive !== "string") return false;
  for (const key of ["primary", "higher_is_better"]) {
    if (key in value && typeof value[key] !== "boolean") return false;
  }
  if (kind === "mean" && !("higher_is_better" in value)) return false;
  if ((kind === "precision" || kind === "recall") && !("positive" in value)) return false;
  return !(value.primary === true && kind === "precision");
}

const EXCLUSION_KEYS = [
  "suspended",
  "canary",
  "calibration",
  "errored",
  "unlabelled",
  "unscored",
  "other_group",
];
const FIGURE_KEYS = [
  "name",
  "aggregate",
  "kind",
  "over",
  "over_id",
  "group",
  "value",
  "counted",
  "exclusions",
];

function isPlainFigure(value: unknown): boolean {
  if (!hasExactly(value, FIGURE_KEYS)) return false;
  const { exclusions } = value;
  return typeof value.name === "string" && typeof value.aggregate === "string" &&
    FIGURE_KINDS.has(value.kind as string) && typeof value.over === "string" &&
    isDigest(value.over_id) && (value.group === null || typeof value.group === "string") &&
    (value.value === null || isFiniteNumber(value.value)) && isStrings(value.counted) &&
    hasExactly(exclusions, EXCLUSION_KEYS) && EXCLUSION_KEYS.every((k) => isStrings(exclusions[k]));
}

const GATE_KEYS = inOrder([
  "alpha",
  "power",
  "noisy_draws",
  "confirm_draws",
  "min_change",
  "max_extra_calls",
  "primary",
]);

/** RunGateSchema with every default already written, as a run records it. */
function isPlainGate(value: unknown): boolean {
  if (!isRecord(value) || !hasKeysInOrder(value, GATE_KEYS)) return false;
  const { alpha, power, noisy_draws, confirm_draws, min_change } = value;
  return isFiniteNumber(alpha) && alpha > 0 && alpha <= 0.2 &&
    isFiniteNumber(power) && power > 0.5 && power < 1 &&
    isCount(noisy_draws) && noisy_draws <= 20 &&
    isCount(confirm_draws) && confirm_draws >= 1 && confirm_draws <= 20 &&
    isFiniteNumber(min_change) && min_change >= 0 && min_change <= 1 &&
    (!("max_extra_calls" in value) || isCount(value.max_extra_calls)) &&
    (value.primary === null || typeof value.primary === "string");
}

const TOTALS_KEYS = [
  "cases",
  "attempts",
  "latency_ms",
  "calls",
  "retries",
  "input_tokens",
  "output_tokens",
  "unmetered",
  "by_model",
];
const USAGE_KEYS = [
  "role",
  "provider",
  "model",
  "calls",
  "retries",
  "input_tokens",
  "output_tokens",
  "unmetered",
];
const USAGE_COUNTS = ["calls", "retries", "input_tokens", "output_tokens", "unmetered"];

function isPlainTotals(value: unknown): boolean {
  if (!hasExactly(value, TOTALS_KEYS)) return false;
  return ["cases", "attempts", ...USAGE_COUNTS].every((k) => isCount(value[k])) &&
    isFiniteNumber(value.latency_ms) && value.latency_ms >= 0 &&
    Array.isArray(value.by_model) && value.by_model.every(isPlainModelUsage);
}

function isPlainModelUsage(value: unknown): boolean {
  if (!hasExactly(value, USAGE_KEYS)) return false;
  return (value.role === "target" || value.role === "judge") &&
    typeof value.provider === "string" && value.provider.length <= 64 &&
    typeof value.model === "string" && value.model.length <= 200 &&
    USAGE_COUNTS.every((k) => isCount(value[k]));
}

export function isRunId(value: unknown): value is string {
  return typeof value === "string" && RUN_ID.test(value);
}

/** `z.iso.datetime()`, narrowed to what toISOString writes: a real instant, to the millisecond. */
export function isIsoDatetime(value: unknown): value is string {
  if (typeof value !== "string" || !ISO_MILLISECONDS.test(value)) return false;
  const time = Date.parse(value);
  return Number.isFinite(time) && new Date(time).toISOString() === value;
}

/** A 16-hex-digit digest, as the run's digests are written. */
export function isDigest(value: unknown): value is string {
  return typeof value === "string" && isHex16(value);
}

function isStrings(value: unknown): boolean {
  return Array.isArray(value) && value.every((s) => typeof s === "string");
}

function isCount(value: unknown): value is number {
  return Number.isSafeInteger(value) && (value as number) >= 0;
}

/** A plain object with exactly these keys, in this order (the order the schema writes). */
export function hasExactly(
  value: unknown,
  keys: readonly string[],
): value is Record<string, unknown> {
  if (!isRecord(value)) return false;
  let n = 0;
  for (const key in value) if (key !== keys[n++]) return false;
  return n === keys.length;
}

/** Each key's place in a schema's shape. */
export function inOrder(keys: readonly string[]): Map<string, number> {
  return new Map(keys.map((key, i) => [key, i]));
}

/**
 * Only keys of the shape, in its order. The schema returns its keys in shape order, so a value
 * the check accepts is the schema's output key for key, and a document reads back the same
 * whichever of the two read it.
 */
export function hasKeysInOrder(
  value: Record<string, unknown>,
  shape: Map<string, number>,
): boolean {
  let last = -1;
  for (const key in value) {
    const place = shape.get(key);
    if (place === undefined || place <= last) return false;
    last = place;
  }
  return true;
}

// The fields the hand check knows; a case with any other (samples, output notes) is rare
// enough to leave to the schema. `usage` is on every case of a run against a model API.
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
  "usage",
  "inputs_digest",
  "expected",
]);
const VERDICT_KEYS = new Set([
  "assertion_id",
  "assertion",
  "status",
  "score",
  "reason",
  "metadata",
]);
/**
 * The fields of a run, a case and a verdict the hand checks read. A field of the schema that is
 * in none of these sends every document that has it to the schema, the slow path; a test holds
 * each schema field to a choice, so a new field can not land there unnoticed.
 */
export const HAND_CHECKED_FIELDS = {
  run: [...RUN_KEYS.keys()],
  case: [...CASE_KEYS],
  verdict: [...VERDICT_KEYS],
} as const;

const CASE_KINDS = new Set(["normal", "canary", "calibration", "suspended"]);
const STATUSES = new Set(["pass", "fail", "error"]);

/**
 * `/^[0-9a-f]{16}$/` by hand: a run tests it once a case (`inputs_digest`), and at 100,000 cases
 * the pattern was about a fifth of the hand check's time.
 */
function isHex16(text: string): boolean {
  if (text.length !== 16) return false;
  for (let i = 0; i < 16; i++) {
    const code = text.charCodeAt(i);
    if (!((code >= 48 && code <= 57) || (code >= 97 && code <= 102))) return false;
  }
  return true;
}

/**
 * CaseResultSchema's rules for the common case, by hand. It accepts only what the schema
 * accepts, unchanged (a property test holds it there); when in doubt it says no.
 */
export function isPlainCaseResult(value: unknown): value is CaseResult {
  if (!isRecord(value)) return false;
  for (const key in value) if (!CASE_KEYS.has(key)) return false;
  if (typeof value.case_id !== "string" || !CASE_KINDS.has(value.kind as string)) return false;
  // Each key by name: one loop over the names would make every lookup in it megamorphic.
  if ("group" in value && typeof value.group !== "string") return false;
  if ("label" in value && typeof value.label !== "string") return false;
  if ("output" in value && typeof value.output !== "string") return false;
  if ("transport_error" in value && typeof value.transport_error !== "string") return false;
  if ("suspended_reason" in value && typeof value.suspended_reason !== "string") return false;
  if (
    "expected_verdict" in value && value.expected_verdict !== "pass" &&
    value.expected_verdict !== "fail"
  ) return false;
  if ("refused" in value && value.refused !== true) return false;
  if (
    "inputs_digest" in value &&
    (typeof value.inputs_digest !== "string" || !isHex16(value.inputs_digest))
  ) return false;
  if ("expected" in value && !isJsonValue(value.expected)) return false;
  if (
    "usage" in value && !(Array.isArray(value.usage) && value.usage.every(isPlainModelUsage))
  ) return false;
  if (!isFiniteNumber(value.latency_ms) || value.latency_ms < 0) return false;
  if (!Number.isSafeInteger(value.attempts) || (value.attempts as number) < 0) return false;
  if (!Array.isArray(value.verdicts)) return false;
  for (const verdict of value.verdicts) if (!isPlainVerdict(verdict)) return false;
  return true;
}

function isPlainVerdict(value: unknown): boolean {
  if (!isRecord(value)) return false;
  for (const key in value) if (!VERDICT_KEYS.has(key)) return false;
  if (typeof value.assertion_id !== "string" || !isAssertionId(value.assertion_id)) return false;
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

// A run's verdicts name a few checks over and over: the last id that passed is compared before
// the pattern is run again (at 100,000 cases, 300,000 tests of the same few strings).
let lastAssertionId = "";

function isAssertionId(id: string): boolean {
  if (id === lastAssertionId) return true;
  if (!isHex16(id)) return false;
  lastAssertionId = id;
  return true;
}

/** JsonValueSchema's rules: finite numbers, and no value JSON does not have. */
function isJsonValue(value: unknown): boolean {
  if (value === null || typeof value === "string" || typeof value === "boolean") return true;
  if (typeof value === "number") return Number.isFinite(value);
  if (Array.isArray(value)) return value.every(isJsonValue);
  return isRecord(value) && Object.values(value).every(isJsonValue);
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value) &&
    Object.getPrototypeOf(value) === Object.prototype && !Object.hasOwn(value, "__proto__");
}

function isFiniteNumber(value: unknown): value is number {
  return typeof value === "number" && Number.isFinite(value);
}
