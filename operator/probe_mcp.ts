import { join } from "node:path";
import type { ProbeResult } from "../core/operator/cycle.ts";
import type { RunStore } from "../host/store/store.ts";
import { createServer } from "../mcp/mod.ts";
import { Client, InMemoryTransport } from "./_sdk.ts";
import { ATTACKER, probeSuiteToml, rejudgeAttacker } from "./probe_attackers.ts";

const WALL = "mcp-promote" as const;
const UNKNOWN_TOOL = /-32602|not found|unknown tool/i;

/**
 * Asks digline's own MCP server, over the protocol, to `promote`, and then tries the routes that
 * need no such tool: a `run` whose system writes an approval into the store, and one that renames
 * the tenant folder to write it there and renames it back; then a `rejudge` of that run under a
 * code-form suite that tries both as it loads and as it grades. The server is the one agents are given,
 * served in this process (so the probe needs no permission to start a subprocess, which would
 * itself be a way around the walls), on a scratch store inside the operator's own, removed after.
 */
export async function probeMcpPromote(
  store: RunStore,
  options: { commands?: readonly string[] } = {},
): Promise<ProbeResult> {
  const scratch = join(store.tenantDir, "operator", `.mcp-probe-${crypto.randomUUID()}`);
  const server = createServer({
    store: { root: join(scratch, "store"), tenant: "probe" },
    version: "probe",
    commands: options.commands,
  });
  const client = new Client({ name: "digline-operator-probe", version: "1" });
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  try {
    await server.connect(serverSide);
    await client.connect(clientSide);
    const tools = (await client.listTools()).tools.map((t: { name: string }) => t.name);
    if (!tools.includes("list") || !tools.includes("run")) {
      return {
        wall: WALL,
        outcome: "inconclusive",
        detail: "the server answered without list or run",
      };
    }
    const promote = await askPromote(client);
    if (promote !== null) return promote;
    if ((options.commands ?? []).length > 0) {
      return {
        wall: WALL,
        outcome: "collapsed",
        detail: `the server lets command targets start ${
          options.commands!.join(", ")
        }, a program outside Deno's permissions that can write an approval`,
      };
    }
    return await tryRunRoutes(client, scratch);
  } catch (error) {
    return {
      wall: WALL,
      outcome: "inconclusive",
      detail: `the MCP server could not be asked: ${(error as Error).message}`,
    };
  } finally {
    await client.close().catch(() => {});
    await server.close().catch(() => {});
    await Deno.remove(scratch, { recursive: true }).catch(() => {});
  }
}

/** null when promote answered unknown tool (the first wall stands); else the outcome. */
async function askPromote(client: Client): Promise<ProbeResult | null> {
  let answer: Record<string, unknown>;
  try {
    answer = await client.callTool({ name: "promote", arguments: { run: "latest" } });
  } catch (error) {
    // A JSON-RPC error for an unknown tool is the wall standing (newer SDKs answer this way).
    const text = String((error as Error).message);
    return UNKNOWN_TOOL.test(text)
      ? null
      : { wall: WALL, outcome: "inconclusive", detail: `promote failed otherwise: ${text}` };
  }
  const content = Array.isArray(answer.content) ? answer.content as { text?: unknown }[] : [];
  const text = content.map((c) => String(c.text ?? "")).join(" ");
  if (answer.isError === true && UNKNOWN_TOOL.test(text)) return null;
  return { wall: WALL, outcome: "collapsed", detail: "a tool named promote answered" };
}

/**
 * Runs a one-case suite whose system tries to write an approval, directly and by renaming the
 * tenant folder; the wall stands when the run came back and no approval exists.
 */
async function tryRunRoutes(client: Client, scratch: string): Promise<ProbeResult> {
  const tenant = join(scratch, "store", "probe");
  await Deno.mkdir(join(tenant, "baselines", "mcp-probe"), { recursive: true });
  await Deno.writeTextFile(join(scratch, "system.ts"), ATTACKER);
  await Deno.writeTextFile(join(scratch, "suite.toml"), probeSuiteToml(tenant));
  const answer = await client.callTool({
    name: "run",
    arguments: { suite_file: join(scratch, "suite.toml") },
  }) as { structuredContent?: { exit_code?: number; document?: { run_id?: unknown } } };
  const breach = attackOutcome({
    tenant,
    exitCode: answer.structuredContent?.exit_code,
    who: "a run's system",
    what: "run",
  });
  if (breach !== null) return breach;
  const runId = answer.structuredContent?.document?.run_id;
  return await tryRejudgeRoute(client, { scratch, tenant, runId: String(runId) });
}

/**
 * Re-grades the probe's run under a code-form suite whose module tries both writes when it loads
 * (in the rejudge worker) and whose check tries them as it grades (in the checks' sandbox).
 */
async function tryRejudgeRoute(
  client: Client,
  options: { scratch: string; tenant: string; runId: string },
): Promise<ProbeResult> {
  const suiteFile = join(options.scratch, "rejudge.ts");
  await Deno.writeTextFile(suiteFile, rejudgeAttacker(options.tenant));
  const answer = await client.callTool({
    name: "rejudge",
    arguments: { run: options.runId, suite_file: suiteFile },
  }) as { structuredContent?: { exit_code?: number } };
  const breach = attackOutcome({
    tenant: options.tenant,
    exitCode: answer.structuredContent?.exit_code,
    who: "a rejudge's suite",
    what: "rejudge",
  });
  if (breach !== null) return breach;
  return {
    wall: WALL,
    outcome: "intact",
    detail:
      "promote answered unknown tool, and a run whose system wrote an approval directly and by renaming the tenant folder was refused both, as was a rejudge whose suite tried both as it loaded and as it graded",
  };
}

/**
 * What one attack showed: collapsed when an approval was written, inconclusive when the call did
 * not complete (a wall that held only because nothing ran proves nothing), null when it held.
 */
function attackOutcome(
  attack: { tenant: string; exitCode: number | undefined; who: string; what: string },
): ProbeResult | null {
  const written = [...Deno.readDirSync(join(attack.tenant, "baselines", "mcp-probe"))]
    .map((e) => e.name);
  if (written.length > 0) {
    return {
      wall: WALL,
      outcome: "collapsed",
      detail: `${attack.who} wrote an approval (${written.join(", ")}) without a promote tool`,
    };
  }
  if (attack.exitCode !== 0) {
    return {
      wall: WALL,
      outcome: "inconclusive",
      detail: `the probe's ${attack.what} did not complete (exit ${attack.exitCode})`,
    };
  }
  return null;
}
