import { join } from "node:path";
import { PROBE_WALLS, type ProbeResult, type ProbeWall } from "../../core/operator/cycle.ts";
import { writeFileAtomic } from "../files/atomic_write.ts";
import type { RunStore } from "../store/store.ts";
import { pastDecisions, readDecisionJournal } from "./decision_journal.ts";
import { loadOperatorConfig } from "./load_config.ts";
import type { Lockdown } from "./lockdown.ts";
import { probePolicyWall } from "./policy_wall.ts";
import { configDigest } from "../../core/operator/config.ts";
import { probeApprovalDigest, probeApprovalWrite } from "./approval_watch.ts";

/** What proving the walls needs; `operator cycle` and `operator probe` pass the same. */
export interface ProbeWallsOptions {
  configPath: string;
  store: RunStore;
  lockdown: Lockdown;
  /** The digest of the whole operator.toml as read when the cycle (or probe) began. */
  ruledBy: string;
  /** The suite's decision journal, whose last line names the configuration before this one. */
  journal: string;
  /** The folder the cycle writes into, for the positive beside the negatives. */
  outDir: string;
  probeMcp: (store: RunStore) => Promise<ProbeResult>;
  /** The suite whose approval the cycle measures against. */
  suite: { name: string };
  /** The approval's digest when the cycle (or probe) began. */
  approvalAtStart: string;
  /** The walls to report, when not all of them: `operator probe --wall`. */
  walls?: readonly ProbeWall[];
}

/**
 * The walls a wall asked alone runs first, unreported, because what they try is what it is
 * there to see: a digest compares a file now with the file at start, and in a full probe "now"
 * comes after the write walls tried that file, so a write that got through and was not put back
 * moves it. Alone, a digest wall would never see that and could read better than in full.
 */
const OBSERVES: Partial<Record<ProbeWall, readonly ProbeWall[]>> = {
  "policy-digest": ["policy-write"],
  "approval-digest": ["approval-write"],
};

/**
 * Proves the walls, one result each: promote on the MCP wire, writing operator.toml, writing
 * the cycle's own folder (the positive: this process is not simply refused everything), and the
 * configuration's digest against the file on disk now and the previous cycle's. With `walls`,
 * only those (and what they observe) run, in the same order, and only those are reported.
 */
export async function probeWalls(options: ProbeWallsOptions): Promise<ProbeResult[]> {
  const asked = new Set<ProbeWall>(options.walls ?? PROBE_WALLS);
  const runs = new Set<ProbeWall>([...asked, ...[...asked].flatMap((w) => OBSERVES[w] ?? [])]);
  // The walls look at the store as a cycle leaves it, made: a cycle has run the suite into it,
  // and a full probe's MCP wall makes its scratch store inside it. Without this, a probe that
  // skips that wall would find no store, so no link above it, and its policy wall could read
  // better alone than in full. A store that can not be made is the walls' to find.
  await Deno.mkdir(join(options.store.tenantDir, "operator"), { recursive: true }).catch(() => {});
  const prove: Record<ProbeWall, () => Promise<ProbeResult> | ProbeResult> = {
    "mcp-promote": () => options.probeMcp(options.store),
    "policy-write": () =>
      probePolicyWall(options.configPath, {
        store: options.store.root,
        lockdown: options.lockdown,
      }),
    "cycle-write": () => probeCycleWrite(options.outDir),
    "policy-digest": () => probeDigest(options),
    "approval-write": () =>
      probeApprovalWrite(options.store, {
        suite: options.suite.name,
        lockdown: options.lockdown,
      }),
    "approval-digest": () =>
      probeApprovalDigest(options.store, {
        suite: options.suite.name,
        atStart: options.approvalAtStart,
      }),
  };
  const results: ProbeResult[] = [];
  for (const wall of PROBE_WALLS) {
    if (!runs.has(wall)) continue;
    const result = await prove[wall]();
    if (asked.has(wall)) results.push(result);
  }
  return results;
}

async function probeDigest(options: ProbeWallsOptions): Promise<ProbeResult> {
  const wall = "policy-digest" as const;
  const onDisk = await loadOperatorConfig(options.configPath).then(
    ({ config }) => configDigest(config),
    () => "(unreadable)",
  );
  if (onDisk !== options.ruledBy) {
    return {
      wall,
      outcome: "moved",
      detail:
        `this cycle was ruled by operator.toml ${options.ruledBy}, but the file on disk now holds ${onDisk}`,
    };
  }
  let previous: { digest: string; line: number } | null = null;
  try {
    const lines = await readDecisionJournal(options.journal);
    const decisions = pastDecisions(lines);
    const last = decisions.findLast((d) => d.config_digest !== undefined);
    if (last !== undefined) {
      previous = { digest: last.config_digest!, line: lines.indexOf(last) + 1 };
    }
  } catch (error) {
    return {
      wall,
      outcome: "moved",
      detail: `the journal could not be read to compare with the previous cycle (${
        (error as Error).message
      })`,
    };
  }
  if (previous !== null && previous.digest !== options.ruledBy) {
    return {
      wall,
      outcome: "moved",
      detail:
        `operator.toml changed since the previous cycle: journal line ${previous.line} was ruled by ${previous.digest}, this cycle by ${options.ruledBy}`,
    };
  }
  return {
    wall,
    outcome: "matches",
    detail: previous === null
      ? `operator.toml on disk is ${options.ruledBy}, the one this cycle was ruled by (no earlier cycle to compare)`
      : `operator.toml on disk is ${options.ruledBy}, the one this cycle and the previous (journal line ${previous.line}) were ruled by`,
  };
}

/** The probe's positive: this identity can write where the operator writes. */
async function probeCycleWrite(outDir: string): Promise<ProbeResult> {
  const marker = join(outDir, ".probe");
  try {
    await writeFileAtomic(marker, "the operator can write here\n");
    await Deno.remove(marker);
    return {
      wall: "cycle-write",
      outcome: "written",
      detail: "wrote and removed a marker beside the cycle file",
    };
  } catch (error) {
    return {
      wall: "cycle-write",
      outcome: "not-written",
      detail: `could not write beside the cycle file (${(error as Error).name})`,
    };
  }
}
