import { z } from "zod";
import { shortDigest } from "../digest.ts";

/** The classifications a cycle can reach. */
export const CLASSIFICATIONS = ["steady", "wobble", "drift", "structural", "system-error"] as const;
/** A cycle's classification. */
export type Classification = (typeof CLASSIFICATIONS)[number];

/** The keys a hold clause may use: identifiers, never contents. */
export const HOLD_TARGET_KEYS = [
  "case",
  "assertion",
  "assertion_id",
  "aggregate",
  "verdict",
] as const;
const HOLD_KEYS = new Set<string>(["name", ...HOLD_TARGET_KEYS, "max_cycles", "because"]);

/** Keys that would put a case's contents into a policy, refused by name. */
const PAYLOAD_KEYS: Record<string, string> = {
  vars: "a case's vars",
  var: "a case's vars",
  input: "a case's input",
  output: "an output",
  outputs: "outputs",
  expected: "an expected value",
  reason: "a verdict's reason",
  reasons: "verdicts' reasons",
  artifact: "an artifact's text",
  artifacts: "artifacts' text",
  text: "text from a case",
  prompt: "a prompt",
};

const clock = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'a time of day like "22:00"');

/** A window in which a hold is preferred, in a named time zone. */
export const QuietHoursSchema = z.strictObject({
  from: clock,
  to: clock,
  tz: z.string().refine(isTimeZone, 'an IANA time zone such as "Europe/Rome" or "UTC"'),
});
/** Quiet hours. */
export type QuietHours = z.infer<typeof QuietHoursSchema>;

/** One `[[policy.hold]]` clause: what it covers, for how long, and why, for the human. */
export const HoldClauseSchema = z.record(z.string(), z.unknown()).superRefine((clause, ctx) => {
  for (const key of Object.keys(clause)) {
    if (key in PAYLOAD_KEYS) {
      ctx.addIssue({
        code: "custom",
        path: [key],
        message: `"${key}" would name ${
          PAYLOAD_KEYS[key]
        }: a clause names identifiers only (case, assertion, assertion_id, aggregate, verdict), never contents`,
      });
    } else if (!HOLD_KEYS.has(key)) {
      ctx.addIssue({
        code: "custom",
        path: [key],
        message: `"${key}" is not a key of a hold clause; the keys are ${
          [...HOLD_KEYS].join(", ")
        }`,
      });
    }
  }
}).pipe(z.object({
  name: z.string().min(1).regex(
    /^[A-Za-z0-9_.:-]+$/,
    "a clause name uses letters, digits and _ . : -",
  ),
  case: z.string().min(1).optional(),
  assertion: z.string().min(1).optional(),
  assertion_id: z.string().regex(/^[0-9a-f]{16}$/, "an assertion id is 16 hex digits").optional(),
  aggregate: z.string().min(1).optional(),
  verdict: z.enum(CLASSIFICATIONS).optional(),
  max_cycles: z.number().int().positive().optional(),
  because: z.string().min(1, "say why, for the person reading the diff"),
})).superRefine((clause, ctx) => {
  const named = HOLD_TARGET_KEYS.filter((k) => clause[k] !== undefined);
  if (named.length !== 1) {
    ctx.addIssue({
      code: "custom",
      path: [],
      message: `hold clause "${clause.name}" names ${
        named.length === 0 ? "nothing" : named.join(" and ")
      }; it names exactly one of ${HOLD_TARGET_KEYS.join(", ")}`,
    });
  }
});
/** A hold clause. */
export type HoldClause = z.infer<typeof HoldClauseSchema>;

/** The `[policy]` table: a name, optional quiet hours, ordered hold clauses. */
export const PolicySchema = z.strictObject({
  name: z.string().min(1),
  quiet_hours: QuietHoursSchema.optional(),
  hold: z.array(HoldClauseSchema).default([]),
}).superRefine((policy, ctx) => {
  const seen = new Set<string>();
  policy.hold.forEach((clause, i) => {
    if (seen.has(clause.name)) {
      ctx.addIssue({
        code: "custom",
        path: ["hold", i, "name"],
        message: `clause name "${clause.name}" is used twice; a decision cites a clause by name`,
      });
    }
    seen.add(clause.name);
  });
});
/** A policy. */
export type Policy = z.infer<typeof PolicySchema>;

/** `operator.toml`: what the operator runs, how much it may spend, and the policy it obeys. */
export const OperatorConfigSchema = z.strictObject({
  /** The suite file, relative to operator.toml. */
  suite: z.string().min(1),
  tenant: z.string().regex(/^[A-Za-z0-9][A-Za-z0-9_.-]*$/).default("default"),
  /** The store, relative to operator.toml. */
  store: z.string().min(1).default(".digline"),
  /** When the scheduler runs a cycle, for the people reading the file (cron syntax or words). */
  cadence: z.string().min(1),
  max_reruns: z.number().int().min(0).max(20),
  /** At least this many baseline-stable cases flipping at once is structural, not drift. */
  structural_flip_cases: z.number().int().positive(),
  /** The most target calls one cycle may spend, reruns included. */
  budget: z.number().int().positive(),
  policy: PolicySchema.optional(),
});
/** The operator's configuration. */
export type OperatorConfig = z.infer<typeof OperatorConfigSchema>;

/**
 * The policy's identity: 16 hex of sha256 over the canonical parsed policy, so reflowing a
 * comment or reordering keys does not move it and changing a value does. null without a policy.
 */
export function policyDigest(policy: Policy | undefined): string | null {
  return policy === undefined ? null : shortDigest(JSON.parse(JSON.stringify(policy)));
}

/**
 * The whole configuration's identity, the same way: the suite, the budget, the store and every
 * other key count, since a changed suite or budget changes what a cycle does as surely as a
 * changed clause does.
 */
export function configDigest(config: OperatorConfig): string {
  return shortDigest(JSON.parse(JSON.stringify(config)));
}

function isTimeZone(tz: string): boolean {
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: tz });
    return true;
  } catch {
    return false;
  }
}
