import { deepStrictEqual as assertEquals } from "node:assert/strict";
import { ROUTES, trappedRepository } from "../cli/_git_traps.ts";
import { call, connect } from "./_mcp.ts";

Deno.test(`the MCP server's git stamp runs no program the repository's config names (${ROUTES.join(", ")}), whatever an agent wrote to .git/config`, async () => {
  const repo = await trappedRepository();
  await repo.touch();
  const session = await connect(repo.cwd);
  try {
    const { envelope } = await call(session, "run", { suite_file: "suite.toml" });
    assertEquals(envelope.exit_code, 0, JSON.stringify(envelope));
    assertEquals(
      (envelope.document as { git_commit?: string }).git_commit?.length,
      40,
      JSON.stringify(envelope.document),
    );
  } finally {
    await session.close();
  }
  assertEquals(await repo.sprung(), []);
});
