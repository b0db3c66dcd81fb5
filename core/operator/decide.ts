import { z } from "zod";
import {
  type HoldClause,
  type OperatorConfig,
  policyDigest,
  type QuietHours,
  QuietHoursSchema,
} from "./config.ts";
import { type Cycle, escalatesByDefault } from "./cycle.ts";

/** The version of decision.json's shape. */
export const DECISION_FORMAT = 1;

/** The three things no clause can hold. */
export const FLOORS = ["canary", "exit-2", "max-reruns"] as const;

/** decision.json: whether to wake somebody, why, and the clause that was exercised. */
export const DecisionSchema = z.strictObject({
  decision_format: z.literal(DECISION_FORMAT),
  cycle_key: z.string(),
  escalate: z.boolean(),
  /** For the human: what decided it, in one sentence. */
  reason: z.string(),
  /** The clause that held the cycle, by name; null when none did. */
  clause: z.string().nullable(),
  /** The floor that refused a hold a clause asked for. */
  floor: z.enum(FLOORS).nullable(),
  /** The policy on disk is not the one the cycle was ruled by: no clause was consulted. */
  policy_moved: z.boolean(),
  /** The digest of the policy on disk when the decision was taken. */
  policy_digest: z.string().nullable(),
  /** The local time the decision was evaluated at, in the quiet hours' zone (else UTC). */
  evaluated_local: z.string(),
  quiet_hours: QuietHoursSchema.nullable(),
  in_quiet_hours: z.boolean(),
  /** The facts the decision turned on: `case · check` names and figure names. */
  facts: z.array(z.string()),
});
/** A decision. */
export type Decision = z.infer<typeof DecisionSchema>;

/** An earlier decision for the same suite, as the journal remembers it. */
export interface PastDecision {
  clause: string | null;
  escalate: boolean;
}

/**
 * The seat. Without a policy the classification's own escalation stands. A policy can only hold,
 * never wake; a hold cites the clause that covered the cycle; a moved canary, a run that exited
 * 2 and a max_reruns raised after the cycle began can not be held; when the policy on disk
 * is not the one the cycle was ruled by, no clause is consulted at all; and an approval that
 * changed while the cycle ran always wakes.
 */
export function decide(
  cycle: Cycle,
  options: { config: OperatorConfig; history: readonly PastDecision[] },
): Decision {
  const policy = options.config.policy;
  const digest = policyDigest(policy);
  const quiet = policy?.quiet_hours ?? null;
  const local = localTime(cycle.evaluated_at, quiet?.tz ?? "UTC");
  const inQuiet = quiet !== null && withinWindow(local.minutes, quiet);
  const facts = citedFacts(cycle);
  const wakes = escalatesByDefault(cycle.classification) || cycle.canary_moved.length > 0;
  const base = {
    decision_format: DECISION_FORMAT,
    cycle_key: cycle.cycle_key,
    policy_digest: digest,
    evaluated_local: `${local.text} ${quiet?.tz ?? "UTC"}`,
    quiet_hours: quiet,
    in_quiet_hours: inQuiet,
    facts,
    floor: null,
    policy_moved: false,
  } as const;
  const verdictSays = `${describe(cycle)}: ${
    wakes ? "this wakes somebody" : "nothing to wake anyone for"
  }`;
  // The reference moved under the cycle: what it measured was measured against something
  // nobody approved, so no policy and no classification can hold it.
  const approval = cycle.probe.find((p) => p.wall === "approval-digest" && p.outcome === "moved");
  if (approval !== undefined) {
    return {
      ...base,
      escalate: true,
      clause: null,
      reason: `approval-moved: ${approval.detail}; ${describe(cycle)}, measured against an ` +
        "approval nobody may have made, so this wakes somebody",
    };
  }
  if (digest !== (cycle.policy?.digest ?? null)) {
    return {
      ...base,
      policy_moved: true,
      escalate: wakes,
      clause: null,
      reason: `policy-moved: the cycle was ruled by policy ${cycle.policy?.digest ?? "(none)"} ` +
        `but operator.toml now holds ${
          digest ?? "(none)"
        }, so no clause was consulted; ${verdictSays}`,
    };
  }
  if (!wakes || policy === undefined) {
    return { ...base, escalate: wakes, clause: null, reason: verdictSays };
  }
  const covering = policy.hold.find((clause) =>
    covers(clause, cycle) && !exhausted(clause, options.history)
  );
  const exhaustedClause = policy.hold.find((clause) =>
    covers(clause, cycle) && exhausted(clause, options.history)
  );
  const holder = covering?.name ?? (inQuiet ? "quiet_hours" : undefined);
  if (holder === undefined) {
    const note = exhaustedClause === undefined
      ? "no clause covers it"
      : `clause "${exhaustedClause.name}" has held it for its max_cycles (${exhaustedClause.max_cycles})`;
    return { ...base, escalate: true, clause: null, reason: `${verdictSays}; ${note}` };
  }
  const floor = floorAgainst(cycle, options.config);
  if (floor !== null) {
    return {
      ...base,
      escalate: true,
      clause: null,
      floor: floor.name,
      reason: `${verdictSays}; ${
        holder === "quiet_hours" ? "the quiet hours" : `clause "${holder}"`
      } would hold it, but ${floor.why} (floor: ${floor.name})`,
    };
  }
  const why = covering !== undefined
    ? covering.because
    : `inside the quiet hours ${quiet?.from}–${quiet?.to} ${quiet?.tz}`;
  return {
    ...base,
    escalate: false,
    clause: holder,
    reason: `${describe(cycle)}; held by ${
      holder === "quiet_hours" ? "the quiet hours" : `clause "${holder}"`
    }: ${why}`,
  };
}

/** The facts an escalation turns on, each of which a clause must name to cover the cycle. */
function citedFacts(cycle: Cycle): string[] {
  const flips = cycle.classification === "structural"
    ? cycle.flips.filter((f) => f.stable)
    : cycle.flips.filter((f) => f.reproduced);
  return [...flips.map((f) => `${f.case_id} · ${f.assertion}`), ...cycle.figures_worse];
}

function covers(clause: HoldClause, cycle: Cycle): boolean {
  if (clause.verdict !== undefined) return clause.verdict === cycle.classification;
  if (cycle.classification === "system-error") return false;
  const flips = cycle.classification === "structural"
    ? cycle.flips.filter((f) => f.stable)
    : cycle.flips.filter((f) => f.reproduced);
  if (clause.aggregate !== undefined) {
    return flips.length === 0 && cycle.figures_worse.length > 0 &&
      cycle.figures_worse.every((name) => name === clause.aggregate);
  }
  if (flips.length === 0 || cycle.figures_worse.length > 0) return false;
  return flips.every((f) =>
    (clause.case === undefined || f.case_id === clause.case) &&
    (clause.assertion === undefined || f.assertion === clause.assertion) &&
    (clause.assertion_id === undefined || f.assertion_id === clause.assertion_id)
  );
}

/** Whether a clause has already held the cycles just before this one max_cycles times. */
function exhausted(clause: HoldClause, history: readonly PastDecision[]): boolean {
  if (clause.max_cycles === undefined) return false;
  let held = 0;
  for (let i = history.length - 1; i >= 0 && history[i].clause === clause.name; i--) held++;
  return held >= clause.max_cycles;
}

function floorAgainst(
  cycle: Cycle,
  config: OperatorConfig,
): { name: (typeof FLOORS)[number]; why: string } | null {
  if (cycle.canary_moved.length > 0) {
    return {
      name: "canary",
      why: `a moved canary (${cycle.canary_moved.join(", ")}) always wakes`,
    };
  }
  if (cycle.exit_code === 2) {
    return { name: "exit-2", why: "a run that could not be judged (exit 2) is never held" };
  }
  if (config.max_reruns > cycle.max_reruns) {
    return {
      name: "max-reruns",
      why:
        `max_reruns was raised after the cycle began (${cycle.max_reruns} → ${config.max_reruns})`,
    };
  }
  return null;
}

function describe(cycle: Cycle): string {
  switch (cycle.classification) {
    case "steady":
      return "steady: nothing moved";
    case "wobble":
      return `wobble: ${plural(cycle.flips.length, "flip")} did not reproduce`;
    case "drift":
      return `drift: ${
        plural(citedFacts(cycle).length, "check or figure", "checks or figures")
      } stayed worse after ${plural(cycle.reruns_used, "rerun round")}`;
    case "structural":
      return `structural: ${
        new Set(cycle.flips.filter((f) => f.stable).map((f) => f.case_id)).size
      } baseline-stable cases flipped at once`;
    case "system-error":
      return `system error: the run could not be judged (exit ${cycle.exit_code})`;
  }
}

/** The wall-clock time of an instant in a zone: "2026-11-30 03:00" and minutes since midnight. */
function localTime(iso: string, tz: string): { text: string; minutes: number } {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat("en-CA", {
      timeZone: tz,
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      hourCycle: "h23",
    }).formatToParts(new Date(iso)).map((p) => [p.type, p.value]),
  );
  return {
    text: `${parts.year}-${parts.month}-${parts.day} ${parts.hour}:${parts.minute}`,
    minutes: Number(parts.hour) * 60 + Number(parts.minute),
  };
}

function withinWindow(minutes: number, window: QuietHours): boolean {
  const toMinutes = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3));
  const from = toMinutes(window.from);
  const to = toMinutes(window.to);
  // A window like 22:00–06:00 wraps past midnight.
  return from <= to ? minutes >= from && minutes < to : minutes >= from || minutes < to;
}

function plural(n: number, one: string, many = `${one}s`): string {
  return `${n} ${n === 1 ? one : many}`;
}
