import type { ModelConnectionOptions } from "../../model/connection.ts";
import type { SameType } from "../../same_type.ts";
import type { BuiltinAssertionInput } from "./definition.ts";

/**
 * What every built-in assertion takes: its name, and how its verdicts over a case's repeated
 * draws are reduced to one.
 *
 * @example
 * ```ts
 * import { type AssertionOptions, equals } from "../../../mod.ts";
 * const options: AssertionOptions = { name: "exact", reduce: "mean", min_pass_rate: 0.8 };
 * equals(options);
 * ```
 */
export interface AssertionOptions {
  /** Unique in the suite: letters, digits and _ . : - only. */
  name: string;
  /** For people; not part of the assertion's identity. */
  description?: string;
  /** How a case's repeated draws reduce to one verdict; the majority's word when absent. */
  reduce?: "all" | "majority" | "any" | "mean";
  /** For `reduce = "mean"`: the share of draws that must pass, from 0 to 1. */
  min_pass_rate?: number;
}

/**
 * What `equals` takes.
 *
 * @example
 * ```ts
 * import { equals } from "../../../mod.ts";
 * equals({ name: "says-yes", value: "yes", trim: true, ignore_case: true });
 * ```
 */
export interface EqualsOptions extends AssertionOptions {
  /** A JSON value compared with the output; the case's `expected` when absent. */
  value?: unknown;
  /** Trim white space from both ends of the output first. */
  trim?: boolean;
  /** Compare without regard to case. */
  ignore_case?: boolean;
}

/**
 * What `includes` and `notIncludes` take.
 *
 * @example
 * ```ts
 * import { includes, notIncludes } from "../../../mod.ts";
 * includes({ name: "names-the-plan", value: ["Basic", "Pro"], ignore_case: true });
 * notIncludes({ name: "no-apology", value: "sorry" });
 * ```
 */
export interface IncludesOptions extends AssertionOptions {
  /** One text, or several that must all (or, for notIncludes, none) appear. */
  value: string | string[];
  /** Match without regard to case. */
  ignore_case?: boolean;
}

/**
 * What `regex` takes.
 *
 * @example
 * ```ts
 * import { regex } from "../../../mod.ts";
 * regex({ name: "an-order-number", pattern: "^ORD-\\d{6}$", flags: "m" });
 * ```
 */
export interface RegexOptions extends AssertionOptions {
  /** A JavaScript regular expression, as text. */
  pattern: string;
  /** Any of i, m, s and u. */
  flags?: string;
}

/**
 * What `json` takes.
 *
 * @example
 * ```ts
 * import { json } from "../../../mod.ts";
 * json({ name: "a-reply-object", schema: { type: "object", required: ["reply"] } });
 * ```
 */
export interface JsonOptions extends AssertionOptions {
  /** A JSON Schema the parsed output must match; any JSON passes when absent. */
  schema?: Record<string, unknown>;
}

/**
 * What `number` takes.
 *
 * @example
 * ```ts
 * import { number } from "../../../mod.ts";
 * number({ name: "a-fair-price", field: "quote.total", min: 0, max: 500 });
 * ```
 */
export interface NumberOptions extends AssertionOptions {
  /** A dot path into a JSON output; the whole output when absent. */
  field?: string;
  /** The smallest value that passes. */
  min?: number;
  /** The largest value that passes. */
  max?: number;
}

/**
 * What `length` takes.
 *
 * @example
 * ```ts
 * import { length } from "../../../mod.ts";
 * length({ name: "fits-a-tweet", max: 280 });
 * ```
 */
export interface LengthOptions extends AssertionOptions {
  /** The fewest characters that pass. */
  min?: number;
  /** The most characters that pass. */
  max?: number;
}

/**
 * What `judge` takes: the rubric, and how the judge model is reached.
 *
 * @example
 * ```ts
 * import { judge } from "../../../mod.ts";
 * judge({
 *   name: "helpful",
 *   rubric: "The reply answers the customer's question and offers a next step.",
 *   provider: "openai",
 *   model: "gpt-4o-mini",
 *   api_key_env: "OPENAI_API_KEY",
 * });
 * ```
 */
export interface JudgeOptions extends AssertionOptions, ModelConnectionOptions {
  /** What a good output is, in words the judge model reads. */
  rubric: string;
  /** The judge's prompt template; digline's own when absent. */
  prompt?: string;
  /** Per call to the judge model, in milliseconds (60 000 when absent). */
  timeout_ms?: number;
  /** Extra calls after a failed one (4 when absent); an unparsable answer is not retried. */
  retries?: number;
  /** The first wait between retries, in milliseconds (1 000 when absent). */
  backoff_ms?: number;
  /** How many times an abstention is asked again before it errors (2 when absent). */
  abstention_retries?: number;
}

type Without<K extends BuiltinAssertionInput["kind"]> = Omit<
  Extract<BuiltinAssertionInput, { kind: K }>,
  "kind"
>;
const _equals: SameType<EqualsOptions, Without<"equals">> = true;
const _includes: SameType<IncludesOptions, Without<"includes">> = true;
const _notIncludes: SameType<IncludesOptions, Without<"not-includes">> = true;
const _regex: SameType<RegexOptions, Without<"regex">> = true;
const _json: SameType<JsonOptions, Without<"json">> = true;
const _number: SameType<NumberOptions, Without<"number">> = true;
const _length: SameType<LengthOptions, Without<"length">> = true;
const _judge: SameType<JudgeOptions, Without<"judge">> = true;
