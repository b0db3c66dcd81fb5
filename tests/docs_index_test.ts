import { deepStrictEqual as assertEquals, ok } from "node:assert/strict";
import { join } from "node:path";
import { ROOT } from "./cli/_cli.ts";

Deno.test("the ADR index lists every decision record, and nothing that is not one", () => {
  const adr = join(ROOT, "docs", "adr");
  const records = [...Deno.readDirSync(adr)].map((e) => e.name)
    .filter((name) => /^\d{4}-.*\.md$/.test(name)).sort();
  const index = Deno.readTextFileSync(join(adr, "README.md"));
  const listed = [...index.matchAll(/\]\((\d{4}-[^)]+\.md)\)/g)].map((m) => m[1]).sort();
  assertEquals(listed, records);
});

Deno.test("every file docs/architecture.md names exists, so the map can not point nowhere", () => {
  const text = Deno.readTextFileSync(join(ROOT, "docs", "architecture.md"));
  // NAME stands for the thing being added, in the "to change X, edit Y" table.
  const named = [
    ...text.matchAll(/\b((?:core|host|cli|mcp|operator|tests|bench|examples)\/[\w./-]+\.ts)\b/g),
  ].map((m) => m[1]).filter((path) => !path.includes("NAME"));
  ok(named.length > 30, `only ${named.length} paths found`);
  const missing = named.filter((path) => {
    try {
      Deno.statSync(join(ROOT, path));
      return false;
    } catch {
      return true;
    }
  });
  assertEquals(missing, []);
});
