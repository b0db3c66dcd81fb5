import type { BuiltinAssertion } from "../../core/suite/assertions/definition.ts";
import type { AggregateSpec } from "../../core/suite/aggregate_spec.ts";
import type { Case } from "../../core/suite/case.ts";
import type { GateSettings } from "../../core/suite/gate_settings.ts";
import type { ReportSettings } from "../../core/suite/report_settings.ts";
import type { RunSettings, TargetTable } from "../../core/suite/target_spec.ts";
import { MAX_BACKOFF_MS, MAX_TIMER_MS } from "../../core/limits.ts";
import { suiteNameProblem } from "../../core/suite/suite_name.ts";
import { DEFAULT_GATE_SETTINGS } from "../../core/suite/gate_defaults.ts";
import {
  AGGREGATE_KEYS,
  AGGREGATE_KINDS,
  AGGREGATE_NAME,
} from "../../core/suite/aggregate_shape.ts";
import { plainCase } from "./cases_jsonl.ts";
import type { TomlSuite } from "./suite_schema.ts";

/**
 * A TOML suite checked without its schema (suite_schema.ts), so that `run` on a suite written
 * the usual way loads no zod: the TomlSuite the schema would return (defaults filled in, keys in
 * the schema's order), or null for anything it does not take, which the schema then reads and
 * refuses in its own words. It takes a module or command target, the checks equals, includes,
 * not-includes, regex, length and number, aggregates, plain inline cases, `cases_file`, `[gate]`
 * and `[report]`; it may refuse what the schema accepts, never the reverse
 * (tests/host/suite_loader/plain_toml_suite_test.ts).
 */
export function plainTomlSuite(raw: unknown): TomlSuite | null {
  if (!isRecord(raw) || !onlyKeys(raw, SUITE_KEYS)) return null;
  const { name, description, target, assertions, aggregates, cases, cases_file, gate, report } =
    raw;
  if (suiteNameProblem(name) !== undefined) return null;
  if (description !== undefined && typeof description !== "string") return null;
  const table = plainTarget(target);
  const checks = listOf(assertions, plainAssertion);
  const figures = aggregates === undefined ? [] : listOf(aggregates, plainAggregate);
  const inline = cases === undefined ? [] : listOf(cases, plainTomlCase);
  const files = cases_file === undefined ? undefined : plainCasesFile(cases_file);
  const gateSettings = gate === undefined ? undefined : plainGate(gate);
  const reportSettings = report === undefined ? undefined : plainReport(report);
  if (table === null || checks === null || figures === null || inline === null) return null;
  if (files === null || gateSettings === null || reportSettings === null) return null;
  return {
    name: name as string,
    ...(description === undefined ? {} : { description }),
    target: { form: "table", table },
    assertions: checks,
    aggregates: figures,
    cases: inline,
    ...(files === undefined ? {} : { cases_file: files }),
    ...(gateSettings === undefined ? {} : { gate: gateSettings }),
    ...(reportSettings === undefined ? {} : { report: reportSettings }),
  };
}

const SUITE_KEYS = [
  "name",
  "description",
  "target",
  "assertions",
  "aggregates",
  "cases",
  "cases_file",
  "gate",
  "report",
];
const SETTING_KEYS = ["timeout_ms", "concurrency", "retries", "backoff_ms", "repeats"];
const MODULE_KEYS = [...SETTING_KEYS, "module", "export"];
const COMMAND_KEYS = [...SETTING_KEYS, "command", "cwd"];
const CHECK_NAME = /^[A-Za-z0-9_.:-]+$/;
const REGEX_FLAGS = /^[imsu]*$/;
const FIGURE_KINDS: ReadonlySet<unknown> = new Set(AGGREGATE_KINDS);
const GATE_KEYS = [
  "alpha",
  "power",
  "noisy_draws",
  "confirm_draws",
  "min_change",
  "max_extra_calls",
];

/**
 * The keys the check takes at the top of a suite, in an aggregate and in `[gate]`: a key the
 * schema gains and the check does not sends every suite to zod, which only the bench's load
 * figure would show, so a test holds these to the schemas' own keys.
 */
export const PLAIN_TABLE_KEYS: Readonly<Record<"suite" | "aggregate" | "gate", readonly string[]>> =
  {
    suite: SUITE_KEYS,
    aggregate: AGGREGATE_KEYS,
    gate: GATE_KEYS,
  };

function plainTarget(value: unknown): TargetTable | null {
  if (!isRecord(value)) return null;
  if ("module" in value && onlyKeys(value, MODULE_KEYS)) {
    const settings = plainSettings(value);
    const { module, export: name } = value;
    if (settings === null || !isText(module)) return null;
    if (name !== undefined && !isText(name)) return null;
    return { ...settings, module, export: name ?? "default" } as TargetTable;
  }
  if ("command" in value && onlyKeys(value, COMMAND_KEYS)) {
    const settings = plainSettings(value);
    const { command, cwd } = value;
    if (settings === null || !Array.isArray(command) || command.length === 0) return null;
    if (!command.every(isText)) return null;
    if (cwd !== undefined && typeof cwd !== "string") return null;
    return { ...settings, command: [...command], ...(cwd === undefined ? {} : { cwd }) };
  }
  return null;
}

function plainSettings(table: Record<string, unknown>): RunSettings | null {
  const timeout_ms = whole(table.timeout_ms, { min: 1, max: MAX_TIMER_MS, fallback: 30_000 });
  const concurrency = whole(table.concurrency, { min: 1, max: 1024, fallback: 8 });
  const retries = whole(table.retries, { min: 0, max: 10, fallback: 2 });
  const backoff_ms = whole(table.backoff_ms, { min: 0, max: MAX_BACKOFF_MS, fallback: 250 });
  const repeats = whole(table.repeats, { min: 1, max: 100, fallback: 1 });
  if (timeout_ms === null || concurrency === null || retries === null) return null;
  if (backoff_ms === null || repeats === null) return null;
  return { timeout_ms, concurrency, retries, backoff_ms, repeats };
}

function plainAssertion(value: unknown): BuiltinAssertion | null {
  if (!isRecord(value)) return null;
  const { name, description, kind } = value;
  if (!isText(name) || name.length > 100 || !CHECK_NAME.test(name)) return null;
  if (description !== undefined && typeof description !== "string") return null;
  const base = { name, ...(description === undefined ? {} : { description }) };
  switch (kind) {
    case "equals": {
      if (!onlyKeys(value, ["name", "description", "kind", "value", "trim", "ignore_case"])) {
        return null;
      }
      const { trim, ignore_case } = value;
      const expected = value.value === undefined ? undefined : jsonCopy(value.value);
      if (expected === NOT_JSON || hasPlaceholder(expected)) return null;
      if (!isFlagOrAbsent(trim) || !isFlagOrAbsent(ignore_case)) return null;
      return {
        ...base,
        kind,
        ...(expected === undefined ? {} : { value: expected }),
        trim: trim ?? false,
        ignore_case: ignore_case ?? false,
      } as BuiltinAssertion;
    }
    case "includes":
    case "not-includes": {
      if (!onlyKeys(value, ["name", "description", "kind", "value", "ignore_case"])) return null;
      const { value: text, ignore_case } = value;
      if (!isTextOrList(text) || !isFlagOrAbsent(ignore_case) || hasPlaceholder(text)) return null;
      return {
        ...base,
        kind,
        value: typeof text === "string" ? text : [...text],
        ignore_case: ignore_case ?? false,
      };
    }
    case "regex": {
      if (!onlyKeys(value, ["name", "description", "kind", "pattern", "flags"])) return null;
      const { pattern, flags } = value;
      if (!isText(pattern)) return null;
      if (flags !== undefined && (typeof flags !== "string" || !REGEX_FLAGS.test(flags))) {
        return null;
      }
      if (!compiles(pattern, flags ?? "")) return null;
      return { ...base, kind, pattern, flags: flags ?? "" };
    }
    case "length": {
      if (!onlyKeys(value, ["name", "description", "kind", "min", "max"])) return null;
      const { min, max } = value;
      const least = min === undefined ? undefined : whole(min, { min: 0 });
      const most = max === undefined ? undefined : whole(max, { min: 0 });
      if (least === null || most === null) return null;
      return {
        ...base,
        kind,
        ...(least === undefined ? {} : { min: least }),
        ...(most === undefined ? {} : { max: most }),
      };
    }
    case "number": {
      if (!onlyKeys(value, ["name", "description", "kind", "field", "min", "max"])) return null;
      const { field, min, max } = value;
      if (field !== undefined && !isText(field)) return null;
      if (!isNumberOrAbsent(min) || !isNumberOrAbsent(max)) return null;
      return {
        ...base,
        kind,
        ...(field === undefined ? {} : { field }),
        ...(min === undefined ? {} : { min }),
        ...(max === undefined ? {} : { max }),
      };
    }
    default:
      return null;
  }
}

function plainAggregate(value: unknown): AggregateSpec | null {
  if (!isRecord(value) || !onlyKeys(value, AGGREGATE_KEYS)) return null;
  const { name, kind, over, by, positive, primary, higher_is_better } = value;
  if (!isText(name) || name.length > 100 || !AGGREGATE_NAME.test(name)) return null;
  if (!FIGURE_KINDS.has(kind) || !isText(over)) return null;
  if (by !== undefined && by !== "group") return null;
  const label = positive === undefined ? undefined : labelText(positive);
  if (label === null || !isFlagOrAbsent(primary) || !isFlagOrAbsent(higher_is_better)) return null;
  if (kind === "mean" && higher_is_better === undefined) return null;
  if ((kind === "precision" || kind === "recall") && label === undefined) return null;
  if (primary === true && kind === "precision") return null;
  return {
    name,
    kind: kind as AggregateSpec["kind"],
    over,
    ...(by === undefined ? {} : { by }),
    ...(label === undefined ? {} : { positive: label }),
    ...(primary === undefined ? {} : { primary }),
    ...(higher_is_better === undefined ? {} : { higher_is_better }),
  };
}

/** An inline case: plainCase's common shape, with vars and expected copied as JSON. */
function plainTomlCase(value: unknown): Case | null {
  // plainCase refuses any key it does not know.
  if (!isRecord(value)) return null;
  const vars = value.vars === undefined ? undefined : jsonCopy(value.vars);
  const expected = value.expected === undefined ? undefined : jsonCopy(value.expected);
  if (vars === NOT_JSON || expected === NOT_JSON) return null;
  return plainCase({
    ...value,
    ...(vars === undefined ? {} : { vars }),
    ...(expected === undefined ? {} : { expected }),
  });
}

function plainCasesFile(value: unknown): string[] | null {
  if (isText(value)) return [value];
  if (!Array.isArray(value) || value.length === 0 || !value.every(isText)) return null;
  return [...value];
}

function plainGate(value: unknown): GateSettings | null {
  if (!isRecord(value) || !onlyKeys(value, GATE_KEYS)) return null;
  const { alpha, power, noisy_draws, confirm_draws, min_change, max_extra_calls } = value;
  const defaults = DEFAULT_GATE_SETTINGS;
  const noisy = whole(noisy_draws, { min: 0, max: 20, fallback: defaults.noisy_draws });
  const confirm = whole(confirm_draws, { min: 1, max: 20, fallback: defaults.confirm_draws });
  const budget = max_extra_calls === undefined ? undefined : whole(max_extra_calls, { min: 0 });
  if (noisy === null || confirm === null || budget === null) return null;
  if (!isNumberOrAbsent(alpha) || !isNumberOrAbsent(power) || !isNumberOrAbsent(min_change)) {
    return null;
  }
  if (alpha !== undefined && !(alpha > 0 && alpha <= 0.2)) return null;
  if (power !== undefined && !(power > 0.5 && power < 1)) return null;
  if (min_change !== undefined && !(min_change >= 0 && min_change <= 1)) return null;
  return {
    alpha: alpha ?? defaults.alpha,
    power: power ?? defaults.power,
    noisy_draws: noisy,
    confirm_draws: confirm,
    min_change: min_change ?? defaults.min_change,
    ...(budget === undefined ? {} : { max_extra_calls: budget }),
  };
}

function plainReport(value: unknown): ReportSettings | null {
  if (!isRecord(value) || !onlyKeys(value, ["redact"])) return null;
  const { redact } = value;
  if (redact === undefined) return { redact: [] };
  if (!Array.isArray(redact) || !redact.every((k) => k === "outputs" || k === "vars")) {
    return null;
  }
  return { redact: [...redact] };
}

function listOf<T>(value: unknown, item: (value: unknown) => T | null): T[] | null {
  if (!Array.isArray(value)) return null;
  const items: T[] = [];
  for (const entry of value) {
    const checked = item(entry);
    if (checked === null) return null;
    items.push(checked);
  }
  return items;
}

/** A whole number within bounds, or null; `fallback` when absent and the key has a default. */
function whole(
  value: unknown,
  bounds: { min: number; max?: number; fallback?: number },
): number | null {
  if (value === undefined && bounds.fallback !== undefined) return bounds.fallback;
  if (!Number.isSafeInteger(value)) return null;
  const n = value as number;
  return n >= bounds.min && (bounds.max === undefined || n <= bounds.max) ? n : null;
}

function labelText(value: unknown): string | null {
  if (typeof value === "string" || typeof value === "boolean") return String(value);
  return Number.isFinite(value) ? String(value) : null;
}

function compiles(pattern: string, flags: string): boolean {
  try {
    new RegExp(pattern, flags);
    return true;
  } catch {
    return false;
  }
}

function isTextOrList(value: unknown): value is string | string[] {
  return isText(value) || (Array.isArray(value) && value.length > 0 && value.every(isText));
}

function isText(value: unknown): value is string {
  return typeof value === "string" && value.length > 0;
}

function isFlagOrAbsent(value: unknown): value is boolean | undefined {
  return value === undefined || typeof value === "boolean";
}

function isNumberOrAbsent(value: unknown): value is number | undefined {
  return value === undefined || Number.isFinite(value);
}

const NOT_JSON = Symbol("not JSON");

/**
 * A JSON value as JsonValueSchema returns it (no dates, no infinities, no `__proto__` keys):
 * copied into ordinary objects and arrays, as smol-toml's tables have no prototype. NOT_JSON for
 * anything else.
 */
function jsonCopy(value: unknown): unknown {
  if (typeof value === "string" || typeof value === "boolean") return value;
  if (typeof value === "number") return Number.isFinite(value) ? value : NOT_JSON;
  if (Array.isArray(value)) {
    const items: unknown[] = [];
    for (const item of value) {
      const copy = jsonCopy(item);
      if (copy === NOT_JSON) return NOT_JSON;
      items.push(copy);
    }
    return items;
  }
  if (!isRecord(value)) return NOT_JSON;
  const record: Record<string, unknown> = {};
  for (const key of Object.keys(value)) {
    const copy = key === "__proto__" ? NOT_JSON : jsonCopy(value[key]);
    if (copy === NOT_JSON) return NOT_JSON;
    record[key] = copy;
  }
  return record;
}

function onlyKeys(value: Record<string, unknown>, allowed: readonly string[]): boolean {
  for (const key of Object.keys(value)) if (!allowed.includes(key)) return false;
  return Object.getOwnPropertySymbols(value).length === 0;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return false;
  const prototype = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
}

/** A `{{...}}` in a check's value: left to the schema, which refuses it at its line. */
function hasPlaceholder(value: unknown): boolean {
  const texts = typeof value === "string" ? [value] : Array.isArray(value) ? value : [];
  return texts.some((text) => typeof text === "string" && /\{\{\s*[\w.]+\s*\}\}/.test(text));
}
