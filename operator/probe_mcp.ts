import type { ProbeResult } from "../core/operator/cycle.ts";
import type { RunStore } from "../host/store.ts";
import { createServer } from "../mcp/mod.ts";
import { Client, InMemoryTransport } from "./_sdk.ts";

/**
 * Asks digline's own MCP server, over the protocol, to `promote`, beside a `list` that must
 * answer: the server is the one agents are given, served in this process so that the probe
 * needs no permission to start a subprocess (which would itself be a way around the walls).
 */
export async function probeMcpPromote(store: RunStore): Promise<ProbeResult> {
  const wall = "mcp-promote" as const;
  const server = createServer({
    store: { root: store.root, tenant: store.tenant },
    version: "probe",
  });
  const client = new Client({ name: "digline-operator-probe", version: "1" });
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  try {
    await server.connect(serverSide);
    await client.connect(clientSide);
    const tools = (await client.listTools()).tools.map((t: { name: string }) => t.name);
    if (!tools.includes("list")) {
      return { wall, outcome: "inconclusive", detail: "the server answered without its list tool" };
    }
    let answer: Record<string, unknown>;
    try {
      answer = await client.callTool({ name: "promote", arguments: { run: "latest" } });
    } catch (error) {
      // A JSON-RPC error for an unknown tool is the wall standing (newer SDKs answer this way).
      const text = String((error as Error).message);
      return /-32602|not found|unknown tool/i.test(text)
        ? { wall, outcome: "intact", detail: `promote answered unknown tool (${text})` }
        : { wall, outcome: "inconclusive", detail: `promote failed otherwise: ${text}` };
    }
    const content = Array.isArray(answer.content) ? answer.content as { text?: unknown }[] : [];
    const text = content.map((c) => String(c.text ?? "")).join(" ");
    if (answer.isError === true && /-32602|not found|unknown tool/i.test(text)) {
      return { wall, outcome: "intact", detail: `promote answered unknown tool (${text.trim()})` };
    }
    return {
      wall,
      outcome: "collapsed",
      detail: `a tool named promote answered (${tools.length} tools served)`,
    };
  } catch (error) {
    return {
      wall,
      outcome: "inconclusive",
      detail: `the MCP server could not be asked: ${(error as Error).message}`,
    };
  } finally {
    await client.close().catch(() => {});
    await server.close().catch(() => {});
  }
}
