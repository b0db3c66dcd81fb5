import { deepStrictEqual as assertEquals } from "node:assert/strict";
import { join } from "node:path";
import { codeOnly, root, sourceFiles } from "./support/source_files.ts";

/** The one reader of every document with a generated validator (ADR 0128). */
const READER = "core/documents/read_document.ts";

/**
 * Each import of a generated validator (a `validate*` name, or the whole module) outside the
 * reader: a read site that checks a document itself, with a cast of its own.
 */
function bypasses(files: readonly string[]): string[] {
  const found: string[] = [];
  for (const file of files) {
    if (file === READER) continue;
    const code = codeOnly(Deno.readTextFileSync(join(root, file)));
    for (const match of code.matchAll(/import\s*([^;]*?)\s*from\s*["']([^"']+)["']/g)) {
      const [, names, specifier] = match;
      if (!specifier.endsWith("generated/validators.js")) continue;
      if (/\*|\bvalidate[A-Z]\w*/.test(names)) found.push(`${file}: import ${names}`);
    }
    for (const match of code.matchAll(/import\(\s*["']([^"']*generated\/validators\.js)["']/g)) {
      found.push(`${file}: import("${match[1]}")`);
    }
  }
  return found;
}

const PRODUCT = ["core", "host", "cli", "mcp", "operator"];

Deno.test("every document with a generated validator is read through readDocument: no read site imports a validator", () => {
  const files = PRODUCT.flatMap((dir) => sourceFiles(dir))
    .filter((file) => !file.startsWith("core/generated/"));
  assertEquals(bypasses(files), []);
});

Deno.test("the read-site check catches a planted validator import, named or whole", () => {
  const dir = Deno.makeTempDirSync({ dir: root, prefix: ".one-reader-" });
  try {
    const name = dir.slice(root.length + 1);
    Deno.writeTextFileSync(
      join(dir, "named.ts"),
      'import { validateScore } from "../core/generated/validators.js";\n',
    );
    Deno.writeTextFileSync(
      join(dir, "whole.ts"),
      'import * as v from "../core/generated/validators.js";\n',
    );
    Deno.writeTextFileSync(
      join(dir, "keys.ts"),
      'import { TargetSettingsKeys } from "../core/generated/validators.js";\n',
    );
    assertEquals(bypasses(sourceFiles(name)).length, 2);
  } finally {
    Deno.removeSync(dir, { recursive: true });
  }
});
