import { deepStrictEqual as assertEquals, equal, ok, throws } from "node:assert/strict";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import * as source from "../../core/generated/validators.js";
import { buildBundle } from "../../tools/bundle.ts";
import { withoutIndentation } from "../../tools/compact_generated_chunk.ts";

// The bundle holds the generated validators without the indentation the bundler gives them
// (ADR 0131): a process keeps a module's source as long as it runs.

type Validators = Record<string, unknown>;

/** Values each validator is asked about: what they answer must not depend on the bundle. */
const VALUES: unknown[] = [
  null,
  "text",
  {},
  [],
  { pid: 1, host: "h", started_at: "2026-12-07T22:00:00.000Z" },
  {
    name: "s",
    target: { command: ["sh"] },
    assertions: [{ name: "a", kind: "equals" }],
    cases: [{ id: "c", vars: { text: "x" }, expected: "x" }],
  },
  { id: "c", vars: {}, kind: "normal" },
  { status: "pass", score: 2 },
  { status: "maybe" },
];

Deno.test({
  name:
    "the bundle holds the generated validators without indentation, and they answer as the source does",
  sanitizeResources: false,
  fn: async () => {
    const dir = await Deno.makeTempDir({ prefix: "digline-compact-" });
    try {
      equal(await buildBundle(dir, { types: false }), 0);
      const chunks = [...Deno.readDirSync(dir)].filter((e) =>
        e.name.endsWith(".js") &&
        Deno.readTextFileSync(join(dir, e.name)).includes("\n// core/generated/validators.js\n")
      );
      equal(chunks.length, 1);
      const path = join(dir, chunks[0].name);
      const text = await Deno.readTextFile(path);
      equal(text.split("\n").filter((line) => /^[ \t]/.test(line)).length, 0);
      ok(text.length < 600_000, `the chunk is ${text.length} characters`);
      const chunk: Record<string, unknown> = await import(pathToFileURL(path).href);
      const bundled = Object.values(chunk).find((value): value is Validators =>
        typeof value === "object" && value !== null && "validateRunDocument" in value
      );
      ok(bundled !== undefined, "the chunk exports the validators");
      const names = Object.keys(source).filter((name) => name.startsWith("validate"));
      assertEquals(
        Object.keys(bundled).filter((n) => n.startsWith("validate")).sort(),
        names.sort(),
      );
      const own = source as unknown as Validators;
      for (const name of names) {
        const ours = own[name] as ((value: unknown) => boolean) & { errors?: unknown };
        const theirs = bundled[name] as ((value: unknown) => boolean) & { errors?: unknown };
        for (const value of VALUES) {
          equal(theirs(value), ours(value), `${name}(${JSON.stringify(value)})`);
          assertEquals(theirs.errors, ours.errors, `${name}(${JSON.stringify(value)}).errors`);
        }
      }
    } finally {
      await Deno.remove(dir, { recursive: true });
    }
  },
});

Deno.test("indentation is taken only from code that can hold none inside a literal", () => {
  equal(
    withoutIndentation("if (a) {\n    b = 'x  y';\n\t}\n", "a.js"),
    "if (a) {\nb = 'x  y';\n}\n",
  );
  throws(
    () => withoutIndentation("const t = `a\n  b`;\n", "t.js"),
    /t\.js: holds a template literal/,
  );
  throws(
    () => withoutIndentation("const s = 'a\\\n  b';\n", "s.js"),
    /s\.js: holds a line continued/,
  );
});
