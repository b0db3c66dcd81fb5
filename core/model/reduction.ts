import type { JsonValue } from "../json.ts";
import type { Verdict } from "../verdict.ts";

/** all, majority, any or mean. */
export type ReduceRule = "all" | "majority" | "any" | "mean";

/** How a check's verdicts over several samples of one case become one verdict. */
export const REDUCE_RULES: readonly ["all", "majority", "any", "mean"] = [
  "all",
  "majority",
  "any",
  "mean",
];

/** A reduction with its defaults filled in. */
export interface Reduction {
  rule: ReduceRule;
  min_pass_rate: number;
}

/** Noise is what repeats are for, so a check with no `reduce` takes the majority's word. */
export const DEFAULT_REDUCTION: Reduction = { rule: "majority", min_pass_rate: 0.5 };

/** The reduction an assertion's canonical definition asks for, defaults filled in. */
export function reductionOf(definition: JsonValue): Reduction {
  if (definition === null || typeof definition !== "object" || Array.isArray(definition)) {
    return DEFAULT_REDUCTION;
  }
  const rule = REDUCE_RULES.find((r) => r === definition.reduce);
  const rate = definition.min_pass_rate;
  return {
    rule: rule ?? DEFAULT_REDUCTION.rule,
    min_pass_rate: typeof rate === "number" ? rate : DEFAULT_REDUCTION.min_pass_rate,
  };
}

/**
 * One check's verdicts over K samples, reduced to one. An errored sample is a question without
 * an answer, so it is never counted as a pass or a fail: the reduction passes or fails only when
 * the errored samples could not have changed the outcome, and errors otherwise.
 *
 * - `all`: pass when every sample passed; fail as soon as one failed.
 * - `majority`: pass when more than half passed; fail when at least half failed.
 * - `any`: pass when one passed; fail when none passed and none errored.
 * - `mean`: pass when the share of samples that passed is at least `min_pass_rate`; the score
 *   is the pass rate of the samples that answered.
 *
 * @example
 * ```ts
 * import { deepStrictEqual as assertEquals } from "node:assert/strict";
 * const v = (status: "pass" | "fail" | "error") =>
 *   ({ assertion_id: "0123456789abcdef", assertion: "polite", status, metadata: {} });
 * const reduced = reduceVerdicts([v("pass"), v("fail"), v("pass")], { rule: "majority", min_pass_rate: 0.5 });
 * assertEquals(reduced.status, "pass");
 * assertEquals(reduced.metadata, { reduce: "majority", samples: 3, passed: 2, failed: 1, errored: 0 });
 * ```
 */
export function reduceVerdicts(samples: readonly Verdict[], reduction: Reduction): Verdict {
  if (samples.length === 0) throw new RangeError("reduceVerdicts needs at least one sample");
  const k = samples.length;
  const passed = samples.filter((v) => v.status === "pass").length;
  const failed = samples.filter((v) => v.status === "fail").length;
  const errored = k - passed - failed;
  const status = decide(reduction, { k, passed, failed, errored });
  const [first] = samples;
  const metadata = { reduce: reduction.rule, samples: k, passed, failed, errored };
  const score = reduction.rule === "mean"
    ? (passed + failed > 0 && status !== "error" ? passed / (passed + failed) : undefined)
    : meanScore(samples);
  return {
    assertion_id: first.assertion_id,
    assertion: first.assertion,
    status,
    ...(score === undefined ? {} : { score }),
    ...reasonFor(status, { samples, reduction, passed, errored }),
    metadata,
  };
}

function decide(
  reduction: Reduction,
  n: { k: number; passed: number; failed: number; errored: number },
): Verdict["status"] {
  switch (reduction.rule) {
    case "all":
      return n.failed > 0 ? "fail" : n.errored > 0 ? "error" : "pass";
    case "any":
      return n.passed > 0 ? "pass" : n.errored > 0 ? "error" : "fail";
    case "majority":
      return n.passed * 2 > n.k ? "pass" : n.failed * 2 >= n.k ? "fail" : "error";
    case "mean": {
      // Decided only if the errored samples, whichever way they had gone, could not change it.
      if (n.passed / n.k >= reduction.min_pass_rate) return "pass";
      if ((n.passed + n.errored) / n.k < reduction.min_pass_rate) return "fail";
      return "error";
    }
  }
}

function meanScore(samples: readonly Verdict[]): number | undefined {
  const scores = samples.map((v) => v.score);
  if (scores.some((s) => s === undefined)) return undefined;
  return (scores as number[]).reduce((a, b) => a + b, 0) / scores.length;
}

function reasonFor(
  status: Verdict["status"],
  n: { samples: readonly Verdict[]; reduction: Reduction; passed: number; errored: number },
): { reason?: string } {
  const k = n.samples.length;
  const firstOf = (wanted: Verdict["status"]) => {
    const index = n.samples.findIndex((v) => v.status === wanted);
    const reason = n.samples[index]?.reason;
    return reason === undefined ? "" : `; sample ${index + 1}: ${reason}`;
  };
  const rule = n.reduction.rule === "mean"
    ? `mean (at least ${n.reduction.min_pass_rate} must pass)`
    : n.reduction.rule;
  if (status === "pass") {
    return n.reduction.rule === "mean" ? { reason: `${n.passed} of ${k} samples passed` } : {};
  }
  if (status === "fail") {
    return { reason: `${n.passed} of ${k} samples passed, which fails ${rule}${firstOf("fail")}` };
  }
  return {
    reason: `${n.errored} of ${k} samples errored, so ${rule} can not be decided${
      firstOf("error")
    }`,
  };
}
