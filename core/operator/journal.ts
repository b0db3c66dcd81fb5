import { z } from "zod";
import { CLASSIFICATIONS } from "./config.ts";
import type { Cycle } from "./cycle.ts";
import { type Decision, FLOORS } from "./decide.ts";

/** One decision as the journal keeps it: identifiers, the clause, and the facts it turned on. */
export const DecisionLineSchema = z.strictObject({
  entry: z.literal("decision"),
  at: z.iso.datetime(),
  cycle_key: z.string(),
  suite: z.string(),
  classification: z.enum(CLASSIFICATIONS),
  exit_code: z.number().int(),
  escalate: z.boolean(),
  clause: z.string().nullable(),
  floor: z.enum(FLOORS).nullable(),
  policy_digest: z.string().nullable(),
  policy_moved: z.boolean(),
  /** The digest of the whole operator.toml the cycle was ruled by; absent on older lines. */
  config_digest: z.string().optional(),
  reason: z.string(),
  facts: z.array(z.string()),
  /** Why checks errored, one line per cause with its count; absent when none did. */
  errored_causes: z.array(z.string()).optional(),
});
/** A decision line. */
export type DecisionLine = z.infer<typeof DecisionLineSchema>;

/** A person's answer to "would you have wanted to be woken?", about one decision line. */
export const LabelLineSchema = z.strictObject({
  entry: z.literal("label"),
  /** The 1-based line of the decision it answers. */
  line: z.number().int().positive(),
  wanted: z.enum(["yes", "no", "unsure"]),
  answered_at: z.iso.datetime(),
});
/** A label line. */
export type LabelLine = z.infer<typeof LabelLineSchema>;

/** Any journal line. */
export const JournalLineSchema = z.discriminatedUnion("entry", [
  DecisionLineSchema,
  LabelLineSchema,
]);
/** A journal line. */
export type JournalLine = z.infer<typeof JournalLineSchema>;

/** The journal line for a decision about a cycle. */
export function decisionLine(cycle: Cycle, decision: Decision): DecisionLine {
  return {
    entry: "decision",
    at: cycle.evaluated_at,
    cycle_key: cycle.cycle_key,
    suite: cycle.suite,
    classification: cycle.classification,
    exit_code: cycle.exit_code,
    escalate: decision.escalate,
    clause: decision.clause,
    floor: decision.floor,
    policy_digest: decision.policy_digest,
    policy_moved: decision.policy_moved,
    ...(cycle.config_digest === undefined ? {} : { config_digest: cycle.config_digest }),
    reason: decision.reason,
    facts: decision.facts,
    ...(cycle.errored_causes === undefined || cycle.errored_causes.length === 0
      ? {}
      : { errored_causes: cycle.errored_causes }),
  };
}
