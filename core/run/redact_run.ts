import { canonicalJson, sha256Hex } from "../digest.ts";
import type { Sample } from "../model/sample.ts";
import type { ErroredCause } from "./errored_causes.ts";
import type { CaseResult, RunDocument } from "./run_document.ts";
import type { Verdict } from "../verdict.ts";
import type { Redactable } from "../suite/report_settings.ts";

/**
 * What a redacted payload is replaced with: the first 12 hex digits of its sha256, so two equal
 * payloads still read as equal and a reader holding the store can find which one it was.
 *
 * @example
 * ```ts
 * import { equal } from "node:assert/strict";
 * equal(payloadDigest("Hello, Ada!").length, "sha256:".length + 12);
 * ```
 */
export function payloadDigest(text: string): string {
  return `sha256:${sha256Hex(text).slice(0, 12)}`;
}

/**
 * A copy of a run whose payloads are replaced by their digests, for a report that is shared.
 * Ids, statuses, scores, counts and figures stay. Redacting `outputs` replaces the outputs and
 * every text that can quote one (check reasons, a judge's reply, transport errors, suspension
 * reasons); redacting `vars` replaces the case's recorded `expected`, its vars (each by its own
 * digest, so their names stay) and the prompt sent and, since an output, a reason or an error can
 * repeat what the case asked, those texts too.
 *
 * @example
 * ```ts
 * import { deepStrictEqual as assertEquals } from "node:assert/strict";
 * const result = { case_id: "a", kind: "normal" as const, output: "hi", verdicts: [], latency_ms: 1, attempts: 1 };
 * const run = { cases: [result] } as unknown as import("./run_document.ts").RunDocument;
 * assertEquals(redactRun(run, []).cases[0].output, "hi");
 * assertEquals(redactRun(run, ["outputs"]).cases[0].output, payloadDigest("hi"));
 * ```
 */
export function redactRun(run: RunDocument, redact: readonly Redactable[]): RunDocument {
  if (redact.length === 0) return run;
  const expected = redact.includes("vars");
  return {
    ...run,
    cases: run.cases.map((c) => redactCase(c, { expected })),
    ...(run.baseline_rechecks === undefined ? {} : {
      baseline_rechecks: run.baseline_rechecks.map((r) => ({
        ...r,
        verdicts: r.verdicts.map(redactVerdict),
      })),
    }),
  };
}

function redactCase(result: CaseResult, options: { expected: boolean }): CaseResult {
  const copy: CaseResult = { ...result, verdicts: result.verdicts.map(redactVerdict) };
  if (result.output !== undefined) copy.output = payloadDigest(result.output);
  if (result.transport_error !== undefined) {
    copy.transport_error = payloadDigest(result.transport_error);
  }
  if (result.suspended_reason !== undefined) {
    copy.suspended_reason = payloadDigest(result.suspended_reason);
  }
  if (result.samples !== undefined) copy.samples = result.samples.map(redactSample);
  if (options.expected && result.expected !== undefined) {
    copy.expected = payloadDigest(canonicalJson(result.expected));
  }
  if (options.expected && result.vars !== undefined) {
    copy.vars = Object.fromEntries(
      Object.entries(result.vars).map((
        [name, value],
      ) => [name, payloadDigest(canonicalJson(value))]),
    );
  }
  if (options.expected && result.prompt !== undefined) copy.prompt = payloadDigest(result.prompt);
  return copy;
}

function redactSample(sample: Sample): Sample {
  const copy: Sample = { ...sample, verdicts: sample.verdicts.map(redactVerdict) };
  if (sample.output !== undefined) copy.output = payloadDigest(sample.output);
  if (sample.transport_error !== undefined) {
    copy.transport_error = payloadDigest(sample.transport_error);
  }
  return copy;
}

function redactVerdict(verdict: Verdict): Verdict {
  if (verdict.reason === undefined && verdict.answer === undefined) return verdict;
  const copy: Verdict = { ...verdict };
  if (verdict.reason !== undefined) copy.reason = payloadDigest(verdict.reason);
  // A judge's reply quotes or judges the output, as its reason does.
  if (verdict.answer !== undefined) copy.answer = payloadDigest(verdict.answer);
  return copy;
}

/**
 * Errored causes as a redacted document or log shows them: each cause (the first line of a
 * reason, which can quote the output) by its digest, so equal causes still group and count.
 *
 * @example
 * ```ts
 * import { equal } from "node:assert/strict";
 * const causes = [{ cause: "no account for Ada", count: 2, checks: ["a · ok", "b · ok"] }];
 * equal(redactCauses(causes, ["vars"])[0].cause, payloadDigest("no account for Ada"));
 * equal(redactCauses(causes, [])[0].cause, "no account for Ada");
 * ```
 */
export function redactCauses(
  causes: readonly ErroredCause[],
  redact: readonly Redactable[],
): ErroredCause[] {
  return redact.length === 0
    ? [...causes]
    : causes.map((group) => ({ ...group, cause: payloadDigest(group.cause) }));
}

/**
 * The sentence a redacted report carries, so a reader knows the digests are not the outputs and
 * what they stand for (redacting vars hides the outputs too, since an output can repeat them).
 *
 * @example
 * ```ts
 * import { equal } from "node:assert/strict";
 * equal(
 *   redactionNote(["outputs"]),
 *   "Outputs redacted: outputs, check reasons and errors are shown as their sha256 digests",
 * );
 * ```
 */
export function redactionNote(redact: readonly Redactable[]): string {
  const named = redact.join(" and ");
  const hidden = redact.includes("vars")
    ? "inputs, prompts, outputs, check reasons, errors and expected values"
    : "outputs, check reasons and errors";
  return `${named[0].toUpperCase()}${
    named.slice(1)
  } redacted: ${hidden} are shown as their sha256 digests`;
}
