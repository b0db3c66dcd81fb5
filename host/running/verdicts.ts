import type { Assertion, CheckInput, CheckResult } from "../../core/suite/assertions/assertion.ts";
import type { Score, Verdict } from "../../core/verdict.ts";
import { documentKind, parseDocument, plainDocument } from "../../core/documents/read_document.ts";

/**
 * Runs every asked check on one output and stamps each answer with its assertion's identity.
 * A check that throws or answers nonsense gets an errored verdict naming it; a check that
 * answers nothing gets no verdict, so reconcile can name the gap rather than us inventing one.
 */
export async function judgeOutput(
  asked: readonly Assertion[],
  input: CheckInput,
): Promise<Verdict[]> {
  const verdicts: Verdict[] = [];
  for (const assertion of asked) {
    let answer: unknown;
    try {
      const pending = assertion.check(input);
      // Most checks are synchronous; skipping the await for them keeps 5,000-case runs cheap.
      answer = isThenable(pending) ? await pending : pending;
    } catch (e) {
      verdicts.push(
        erroredVerdict(assertion, {
          reason: `check "${assertion.name}" threw: ${messageOf(e)}`,
          metadata: { check_threw: true },
        }),
      );
      continue;
    }
    if (answer === undefined || answer === null) continue;
    if (!Array.isArray(answer)) {
      verdicts.push(plainVerdict(assertion, answer) ?? await schemaVerdict(assertion, answer));
      continue;
    }
    for (const item of answer) {
      verdicts.push(plainVerdict(assertion, item) ?? await schemaVerdict(assertion, item));
    }
  }
  // A copy the size of its contents: a run keeps every case's list until it is stored, and the
  // list pushes grew holds room for 17.
  return verdicts.slice();
}

/** A boolean or a plain Score as a Verdict, read without the schema; null for anything else. */
function plainVerdict(assertion: Assertion, answer: unknown): Verdict | null {
  if (typeof answer === "boolean") {
    return {
      assertion_id: assertion.id,
      assertion: assertion.name,
      status: answer ? "pass" : "fail",
      metadata: {},
    };
  }
  const score = plainDocument(SCORE, answer);
  return score === undefined ? null : fromScore(assertion, score);
}

/** A check's answer; ScoreSchema (and zod) is imported only for one its validator refuses. */
export const SCORE = documentKind<Score>("Score", {
  schema: async () => (await import("../../core/verdict.ts")).ScoreSchema,
});

/**
 * An answer the generated validator did not take, read by ScoreSchema: a Score it accepts, or an
 * errored verdict saying what is wrong.
 */
async function schemaVerdict(assertion: Assertion, answer: unknown): Promise<Verdict> {
  const parsed = await parseDocument(SCORE, answer);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issue.path.length === 0 ? "" : ` at ${issue.path.join(".")}`;
    return erroredVerdict(assertion, {
      reason: `check "${assertion.name}" returned ${describe(answer)}, which is not a verdict` +
        ` (${issue.message}${where}); a check returns a boolean or { status, score?, reason? }`,
      metadata: { malformed_score: true },
    });
  }
  return fromScore(assertion, parsed.data);
}

/** An errored verdict the host writes itself (transport failure, a check that threw). */
export function erroredVerdict(
  assertion: Assertion,
  options: { reason: string; metadata: Verdict["metadata"] },
): Verdict {
  return {
    ...identity(assertion),
    status: "error",
    reason: options.reason,
    metadata: options.metadata,
  };
}

function fromScore(assertion: Assertion, score: Score): Verdict {
  // Score.name is a display name only: the verdict is named by the assertion that asked.
  // A run keeps one per check per case until it is stored: the usual shapes are written out,
  // since a spread makes an object for each optional part and leaves the verdict with its
  // properties out of line. The keys keep the spread's order, the order the run is written in.
  if (score.score === undefined && score.answer === undefined) {
    return score.reason === undefined
      ? {
        assertion_id: assertion.id,
        assertion: assertion.name,
        status: score.status,
        metadata: { ...score.metadata },
      }
      : {
        assertion_id: assertion.id,
        assertion: assertion.name,
        status: score.status,
        reason: score.reason,
        metadata: { ...score.metadata },
      };
  }
  return {
    ...identity(assertion),
    status: score.status,
    ...(score.score === undefined ? {} : { score: score.score }),
    ...(score.reason === undefined ? {} : { reason: score.reason }),
    metadata: { ...score.metadata },
    ...(score.answer === undefined ? {} : { answer: score.answer }),
  };
}

function identity(assertion: Assertion): { assertion_id: string; assertion: string } {
  return { assertion_id: assertion.id, assertion: assertion.name };
}

function isThenable(value: unknown): value is PromiseLike<CheckResult | CheckResult[]> {
  return value !== null && typeof value === "object" &&
    typeof (value as { then?: unknown }).then === "function";
}

function describe(value: unknown): string {
  if (Array.isArray(value)) return "an array";
  if (value === null) return "null";
  return typeof value === "object" ? "an object" : `a ${typeof value}`;
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message || error.name : String(error);
}
