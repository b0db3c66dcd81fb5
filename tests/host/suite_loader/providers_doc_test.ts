import { equal, ok } from "node:assert/strict";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { loadSuite } from "../../../host/suite_loader/mod.ts";

const DOC = fileURLToPath(new URL("../../../docs/providers.md", import.meta.url));

/** The TOML blocks of a Markdown page, in order. */
function tomlBlocks(markdown: string): string[] {
  return [...markdown.matchAll(/```toml\n([\s\S]*?)```/g)].map((m) => m[1]);
}

Deno.test("docs/providers.md: the complete suite, and it with each service's [target], load as written", async () => {
  const blocks = tomlBlocks(await Deno.readTextFile(DOC));
  const complete = blocks.find((b) => /^name = /m.test(b));
  ok(complete !== undefined, "the page has no complete suite");
  const head = complete.slice(0, complete.indexOf("[target]"));
  const rest = complete.slice(complete.indexOf("[[assertions]]"));
  const targets = blocks.filter((b) => b.startsWith("[target]") && !b.includes("[["));
  ok(targets.length >= 9, `only ${targets.length} [target] examples found`);
  const dir = await Deno.makeTempDir({ prefix: "digline-providers-doc-" });
  for (
    const [index, suite] of [complete, ...targets.map((t) => `${head}${t}\n${rest}`)].entries()
  ) {
    await Deno.writeTextFile(join(dir, `suite${index}.toml`), suite);
    const { suite: loaded } = await loadSuite(`suite${index}.toml`, { cwd: dir });
    equal(loaded.target.kind, "provider");
  }
});
