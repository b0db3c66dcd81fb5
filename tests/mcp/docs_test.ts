import { deepStrictEqual as assertEquals, ok } from "node:assert/strict";
import { join } from "node:path";
import { cliFlags, ROOT } from "../cli/_cli.ts";

/** The flags a snippet gives deno before `--config`, with the store's place made relative. */
function snippetFlags(args: string[]): string[] {
  return args.slice(args.indexOf("run") + 1, args.indexOf("--config"))
    .map((flag) => flag.replace(/^--allow-write=.*\/\.digline$/, "--allow-write=.digline"));
}

Deno.test("every way docs/mcp.md starts the server uses the digline task's flags", async () => {
  const text = await Deno.readTextFile(join(ROOT, "docs", "mcp.md"));
  const starts: string[][] = [];
  for (const [, lang, body] of text.matchAll(/```(\w+)\n([\s\S]*?)```/g)) {
    if (lang === "sh" && body.includes("cli/main.ts mcp")) {
      starts.push(body.replace(/\\\n/g, " ").trim().split(/\s+/));
    }
    if (lang !== "json" || !body.includes('"deno"')) continue;
    const config = JSON.parse(body);
    for (const server of Object.values(config.mcpServers ?? config.servers)) {
      const { command, args } = server as { command: string; args: string[] };
      if (command === "deno") starts.push(args);
    }
  }
  ok(starts.length >= 5, `found ${starts.length} ways to start the server`);
  for (const args of starts) {
    assertEquals(snippetFlags(args), cliFlags(), args.join(" "));
    assertEquals(args.slice(-3).includes("mcp"), true, args.join(" "));
  }
});
