import { deepStrictEqual as assertEquals, ok } from "node:assert/strict";
import { join } from "node:path";
import { ROOT } from "./cli/_cli.ts";

/** The documents whose TypeScript snippets a user copies. */
const DOCUMENTS = [
  "README.md",
  ...[...Deno.readDirSync(join(ROOT, "docs"))]
    .filter((e) => e.isFile && e.name.endsWith(".md")).map((e) => join("docs", e.name)),
];

/** Every ```ts block that imports the library as a user's project does (`from "digline"`). */
function librarySnippets(): { file: string; code: string }[] {
  const snippets: { file: string; code: string }[] = [];
  for (const file of DOCUMENTS) {
    const text = Deno.readTextFileSync(join(ROOT, file));
    for (const [, code] of text.matchAll(/```ts\n([\s\S]*?)```/g)) {
      if (/from "digline"/.test(code)) snippets.push({ file, code });
    }
  }
  return snippets;
}

Deno.test({
  name:
    "every documented snippet that imports digline passes deno check against the library's types",
  sanitizeResources: false,
  fn: async () => {
    const snippets = librarySnippets();
    ok(snippets.some((s) => s.code.includes("assertNotWorse")), "the deno test snippet is found");
    const dir = await Deno.makeTempDir({ prefix: "digline-snippets-" });
    const files: string[] = [];
    for (const [index, snippet] of snippets.entries()) {
      const path = join(dir, `snippet_${index}.ts`);
      // The user's import map sends "digline" to the library; here, to its source entry.
      const code = snippet.code.replaceAll('from "digline"', `from "${join(ROOT, "mod.ts")}"`);
      await Deno.writeTextFile(path, `// ${snippet.file}\n${code}`);
      files.push(path);
    }
    const out = await new Deno.Command(Deno.execPath(), {
      args: ["check", "--config", join(ROOT, "deno.json"), ...files],
      cwd: ROOT,
      stdout: "piped",
      stderr: "piped",
    }).output();
    const said = new TextDecoder().decode(out.stderr);
    assertEquals(out.code, 0, said);
  },
});
