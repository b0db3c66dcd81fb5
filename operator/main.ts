/**
 * The operator: its own process, with its own narrow permissions. It asks "did it get worse?"
 * on a schedule, draws again what is ambiguous, decides under operator.toml's policy (which it
 * reads and never writes), journals the decision and writes an alert. See docs/operator.md.
 *
 *   operator cycle  [--config operator.toml] [--json]   exit 0 quiet, 1 wake, 64, 70
 *   operator decide --cycle FILE [--config operator.toml] [--json]
 *   operator label  LINE --wanted yes|no|unsure [--config operator.toml]
 *   operator dossier --cycle FILE [--decision FILE] [--judgment FILE]
 *   operator probe  [--config operator.toml] [--json]
 *
 * @module
 */
import { dirname, resolve } from "node:path";
import { parseArgs } from "node:util";
import { type Cycle, CycleSchema } from "../core/operator/cycle.ts";
import { type Decision, DecisionSchema } from "../core/operator/decide.ts";
import { renderDossier } from "../core/operator/dossier.ts";
import { systemClock } from "../host/clock.ts";
import { EXIT_REFUSED, INTERNAL_FAILURE_LINE } from "../host/exit_codes.ts";
import { decideFailure } from "../host/failure.ts";
import { decisionJournalPath, labelDecision } from "../host/operator/decision_journal.ts";
import { loadOperatorConfig } from "../host/operator/load_config.ts";
import { probePolicyWall } from "../host/operator/policy_wall.ts";
import { decideCycle, runCycle } from "../host/operator/run_cycle.ts";
import { readNamedFile } from "../host/read_named_file.ts";
import { UsageError } from "../host/refusals.ts";
import { RunStore } from "../host/store.ts";
import { loadSuite } from "../host/suite_loader/mod.ts";
import { probeMcpPromote } from "./probe_mcp.ts";

const USAGE = `usage: operator COMMAND [options]

commands:
  cycle     run the suite, compare, rerun what is ambiguous, classify, probe the walls,
            decide under the policy, journal it and write the alert (exit 0 quiet, 1 wake)
  decide    decide a written cycle again under the policy on disk, and journal it
  label     record whether you wanted to be woken for a journal line (--wanted yes|no|unsure)
  dossier   render the alert for a cycle file (and its decision) to stdout
  probe     prove the walls without running a cycle

options: --config FILE (default operator.toml), --json, -h/--help`;

/** Runs an operator command and returns its exit code. */
export async function operatorMain(args: string[]): Promise<number> {
  const { values, positionals } = parseOperatorArgs(args);
  const [command, ...rest] = positionals;
  if (values.help || command === undefined) {
    console.log(USAGE);
    return command === undefined && !values.help ? EXIT_REFUSED : 0;
  }
  const configPath = values.config;
  switch (command) {
    case "cycle": {
      const { cycle, decision, paths } = await runCycle({
        configPath,
        probeMcp: probeMcpPromote,
        onFailure: (error) => console.error(error instanceof Error ? error.stack : String(error)),
      });
      if (values.json) console.log(JSON.stringify({ cycle, decision, paths }, null, 2));
      else {
        console.log(
          `${cycle.classification} (${cycle.cycle_key}): ${
            decision.escalate ? "WAKE" : "hold"
          } — ${decision.reason}`,
        );
        console.log(
          `  runs ${
            cycle.runs.join(", ") || "none"
          }; ${cycle.calls} of ${cycle.budget} calls; reruns ${cycle.reruns_used}/${cycle.max_reruns}`,
        );
        for (const p of cycle.probe) console.log(`  probe ${p.wall}: ${p.outcome} (${p.detail})`);
        console.log(
          `  wrote ${paths.cycle}, ${paths.decision}, ${paths.alert}; journal ${paths.journal}`,
        );
      }
      return decision.escalate ? 1 : 0;
    }
    case "decide": {
      const cycle = await readCycle(required(values.cycle, "decide needs --cycle FILE"));
      const journal = await journalFor(configPath, cycle.suite);
      const decision = await decideCycle(cycle, { configPath, journal });
      console.log(
        values.json
          ? JSON.stringify(decision, null, 2)
          : `${decision.escalate ? "WAKE" : "hold"} — ${decision.reason}`,
      );
      return decision.escalate ? 1 : 0;
    }
    case "label": {
      const line = Number(rest[0]);
      const wanted = values.wanted;
      if (!Number.isInteger(line) || line < 1) {
        throw new UsageError("label needs a journal LINE number");
      }
      if (wanted !== "yes" && wanted !== "no" && wanted !== "unsure") {
        throw new UsageError("label needs --wanted yes, no or unsure");
      }
      const { config } = await loadOperatorConfig(configPath);
      const suite = (await loadSuite(resolve(dirname(configPath), config.suite))).suite.name;
      const journal = await journalFor(configPath, suite);
      const label = await labelDecision(journal, { line, wanted, at: systemClock.now() });
      console.log(
        values.json
          ? JSON.stringify(label)
          : `line ${line}: wanted ${wanted}, recorded in ${journal}`,
      );
      return 0;
    }
    case "dossier": {
      const cycle = await readCycle(required(values.cycle, "dossier needs --cycle FILE"));
      const decision = values.decision === undefined ? null : await readDecision(values.decision);
      const judgment = values.judgment === undefined
        ? undefined
        : await readNamedFile(values.judgment, { display: values.judgment, what: "judgment" });
      Deno.stdout.writeSync(new TextEncoder().encode(renderDossier(cycle, { decision, judgment })));
      return 0;
    }
    case "probe": {
      const { config } = await loadOperatorConfig(configPath);
      const store = new RunStore({
        root: resolve(dirname(configPath), config.store),
        tenant: config.tenant,
      });
      const results = [await probeMcpPromote(store), probePolicyWall(configPath)];
      if (values.json) console.log(JSON.stringify(results, null, 2));
      else for (const r of results) console.log(`${r.wall}: ${r.outcome} (${r.detail})`);
      return 0;
    }
    default:
      throw new UsageError(
        `unknown operator command "${command}"; the commands are cycle, decide, label, dossier, probe`,
      );
  }
}

function parseOperatorArgs(args: string[]) {
  try {
    return parseArgs({
      args,
      allowPositionals: true,
      options: {
        config: { type: "string", default: "operator.toml" },
        cycle: { type: "string" },
        decision: { type: "string" },
        judgment: { type: "string" },
        wanted: { type: "string" },
        json: { type: "boolean", default: false },
        help: { type: "boolean", short: "h", default: false },
      },
    });
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
}

function required(value: string | undefined, message: string): string {
  if (value === undefined) throw new UsageError(message);
  return value;
}

async function journalFor(configPath: string, suite: string): Promise<string> {
  const { config } = await loadOperatorConfig(configPath);
  const store = new RunStore({
    root: resolve(dirname(configPath), config.store),
    tenant: config.tenant,
  });
  return decisionJournalPath(store, suite);
}

function readCycle(path: string): Promise<Cycle> {
  return parseDocument(path, (json) => CycleSchema.parse(json));
}

function readDecision(path: string): Promise<Decision> {
  return parseDocument(path, (json) => DecisionSchema.parse(json));
}

async function parseDocument<T>(path: string, parse: (json: unknown) => T): Promise<T> {
  const text = await readNamedFile(path, { display: path, what: "operator document" });
  try {
    return parse(JSON.parse(text));
  } catch (error) {
    throw new UsageError(
      `${path}: not a valid operator document (${(error as Error).message.split("\n")[0]})`,
    );
  }
}

if (import.meta.main) {
  let code: number;
  try {
    code = await operatorMain(Deno.args);
  } catch (error) {
    const failure = decideFailure(error);
    console.error(
      failure.kind === "unexpected"
        ? `${failure.trace}\n${INTERNAL_FAILURE_LINE}`
        : `operator: ${failure.message}`,
    );
    code = failure.exitCode;
  }
  Deno.exit(code);
}
