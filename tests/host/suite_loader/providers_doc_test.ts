import { equal, ok, rejects } from "node:assert/strict";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { loadSuite } from "../../../host/suite_loader/mod.ts";

const DOC = fileURLToPath(new URL("../../../docs/providers.md", import.meta.url));

/** The TOML blocks of a Markdown page, in order. */
function tomlBlocks(markdown: string): string[] {
  return [...markdown.matchAll(/```toml\n([\s\S]*?)```/g)].map((m) => m[1]);
}

/** The grant a block's first line says to launch with, if it says one. */
function grantOf(block: string): string | undefined {
  return /^# launch with DIGLINE_KEY_HOSTS="([^"]*)"\n/.exec(block)?.[1];
}

/** Loads a suite with `grant` as the launch's DIGLINE_KEY_HOSTS. */
async function loadGranted(file: string, dir: string, grant: string) {
  Deno.env.set("DIGLINE_KEY_HOSTS", grant);
  try {
    return await loadSuite(file, { cwd: dir });
  } finally {
    Deno.env.delete("DIGLINE_KEY_HOSTS");
  }
}

Deno.test("docs/providers.md: the complete suite, and it with each service's [target], load as written, with the grant each says to launch with", async () => {
  const blocks = tomlBlocks(await Deno.readTextFile(DOC));
  const complete = blocks.find((b) => /^name = /m.test(b));
  ok(complete !== undefined, "the page has no complete suite");
  const head = complete.slice(0, complete.indexOf("[target]"));
  const rest = complete.slice(complete.indexOf("[[assertions]]"));
  const targets = blocks.map((b) => ({
    grant: grantOf(b),
    body: b.replace(/^# launch with .*\n/, ""),
  }))
    .filter((b) => b.body.startsWith("[target]") && !b.body.includes("[["));
  ok(targets.length >= 9, `only ${targets.length} [target] examples found`);
  ok(targets.filter((t) => t.grant !== undefined).length >= 5, "the grants are not shown");
  const dir = await Deno.makeTempDir({ prefix: "digline-providers-doc-" });
  for (
    const [index, { grant, suite }] of [
      { grant: undefined, suite: complete },
      ...targets.map((t) => ({ grant: t.grant, suite: `${head}${t.body}\n${rest}` })),
    ].entries()
  ) {
    await Deno.writeTextFile(join(dir, `suite${index}.toml`), suite);
    const { suite: loaded } = await loadGranted(`suite${index}.toml`, dir, grant ?? "");
    equal(loaded.target.kind, "provider");
    if (grant !== undefined) {
      await rejects(loadGranted(`suite${index}.toml`, dir, ""), /DIGLINE_KEY_HOSTS=/);
    }
  }
});
