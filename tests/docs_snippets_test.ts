import { deepStrictEqual as assertEquals, match, notDeepStrictEqual, ok } from "node:assert/strict";
import { join } from "node:path";
import { ROOT } from "./cli/_cli.ts";
import { checkExamples, exampleFiles } from "../tools/check_examples.ts";

/** The Markdown documents with a ```ts block that imports the library as a user's project does. */
function documentsImportingDigline(): string[] {
  const documents = [
    "README.md",
    ...[...Deno.readDirSync(join(ROOT, "docs"))]
      .filter((e) => e.isFile && e.name.endsWith(".md")).map((e) => `docs/${e.name}`),
  ];
  return documents.filter((file) =>
    [...Deno.readTextFileSync(join(ROOT, file)).matchAll(/```ts\n([\s\S]*?)```/g)]
      .some(([, code]) => /from "digline"/.test(code))
  );
}

Deno.test({
  name:
    "every example in the documentation type-checks: the JSDoc's and the Markdown's, digline resolving to the library",
  sanitizeResources: false,
  fn: async () => {
    const files = exampleFiles(ROOT);
    for (
      const file of ["mod.ts", "host/library/assert_not_worse.ts", "core/suite/define_suite.ts"]
    ) {
      ok(files.includes(file), `${file}'s examples are checked`);
    }
    const documents = documentsImportingDigline();
    ok(documents.includes("docs/suites.md"), "the deno test snippet is found");
    for (const file of documents) ok(files.includes(file), `${file}'s examples are checked`);
    const { code, said } = await checkExamples(ROOT, files);
    assertEquals(code, 0, said);
  },
});

Deno.test({
  name:
    "the examples' check fails on a JSDoc example and a Markdown snippet that do not type-check",
  sanitizeResources: false,
  fn: async () => {
    const dir = await Deno.makeTempDir({ prefix: "digline-examples-" });
    // The library's own example once read so: assertNotWorse returns a result, not void.
    const jsdoc = join(dir, "returns_a_result.ts");
    await Deno.writeTextFile(
      jsdoc,
      [
        "/**",
        " * Gates the suite.",
        " *",
        " * ```ts",
        ' * import { assertNotWorse } from "digline";',
        ' * Deno.test("not worse", () => assertNotWorse("evals/suite.toml"));',
        " * ```",
        " */",
        "export const gate = 1;",
        "",
      ].join("\n"),
    );
    const markdown = join(dir, "misspelt.md");
    await Deno.writeTextFile(
      markdown,
      [
        "# A suite",
        "",
        "```ts",
        'import { defineSuite } from "digline";',
        "export const suite = defineSuite({",
        '  name: "echo",',
        "  target: (vars: { q: string }) => vars.q,",
        "  assertions: [],",
        '  cases: [{ id: "a", vars: { qq: "hi" } }],',
        "});",
        "```",
        "",
      ].join("\n"),
    );
    const { code, said } = await checkExamples(ROOT, [jsdoc, markdown]);
    notDeepStrictEqual(code, 0, said);
    match(said, /returns_a_result\.ts#/);
    match(said, /misspelt\.md#/);
    await Deno.remove(dir, { recursive: true });
  },
});
