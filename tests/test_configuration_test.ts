import { deepStrictEqual as assertEquals, ok } from "node:assert/strict";
import { join } from "node:path";
import { ROOT } from "./cli/_cli.ts";

// The product's deno.json holds only what the product imports, so a clone's `deno install` fetches
// no test tooling; tests/deno.json is the same import map plus the packages only tests import, with
// its own lock (ADR 0067). These tests hold the two together.

interface Config {
  imports: Record<string, string>;
  unstable?: string[];
  fmt?: { lineWidth?: number };
  lint?: { rules?: unknown };
}

interface Lock {
  npm: Record<string, unknown>;
}

function readJson<T>(path: string): T {
  return JSON.parse(Deno.readTextFileSync(join(ROOT, path)));
}

const product = readJson<Config>("deno.json");
const tests = readJson<Config>("tests/deno.json");

function sourceFiles(dir: string): string[] {
  const files: string[] = [];
  for (const entry of Deno.readDirSync(join(ROOT, dir))) {
    const path = join(dir, entry.name);
    if (entry.isDirectory) {
      if (entry.name === "node_modules" || entry.name.startsWith(".")) continue;
      files.push(...sourceFiles(path));
    } else if (/\.(ts|tsx|js|mjs)$/.test(entry.name)) files.push(path);
  }
  return files;
}

/** The import-map keys the given files import, by static or dynamic import. */
function keysImported(files: readonly string[], keys: readonly string[]): Set<string> {
  const used = new Set<string>();
  for (const file of files) {
    const text = Deno.readTextFileSync(join(ROOT, file));
    for (const match of text.matchAll(/(?:from|import)\s*\(?\s*["']([^."'][^"']*)["']/g)) {
      const specifier = match[1];
      for (const key of keys) {
        if (key.endsWith("/") ? specifier.startsWith(key) : specifier === key) used.add(key);
      }
    }
  }
  return used;
}

const productFiles = [...Deno.readDirSync(ROOT)].flatMap((entry) => {
  if (entry.isFile) return /\.ts$/.test(entry.name) ? [entry.name] : [];
  if (!entry.isDirectory || entry.name.startsWith(".")) return [];
  if (entry.name === "tests" || entry.name === "node_modules") return [];
  return sourceFiles(entry.name);
});
const testFiles = sourceFiles("tests");
const testOnly = Object.keys(tests.imports).filter((key) => !(key in product.imports));

Deno.test("every package in the product's import map is imported outside tests/", () => {
  const keys = Object.keys(product.imports);
  const used = keysImported(productFiles, keys);
  assertEquals(keys.filter((key) => !used.has(key)), [], "imported by nothing the product ships");
});

Deno.test("every package only the tests' import map holds is imported by a test, and by nothing else", () => {
  ok(testOnly.length > 0, "the tests have packages of their own");
  const byTests = keysImported(testFiles, testOnly);
  assertEquals(testOnly.filter((key) => !byTests.has(key)), [], "imported by no test");
  const byProduct = keysImported(productFiles, testOnly);
  assertEquals([...byProduct], [], "imported outside tests/: it belongs in deno.json");
});

Deno.test("the tests resolve every product package to the version users get", () => {
  for (const [key, target] of Object.entries(product.imports)) {
    assertEquals(tests.imports[key], target, `tests/deno.json maps ${key} as deno.json does`);
  }
  assertEquals(tests.unstable, product.unstable);
});

Deno.test("the tests' lock pins every package of the product's lock identically", () => {
  const productLock = readJson<Lock>("deno.lock");
  const testsLock = readJson<Lock>("tests/deno.lock");
  for (const [name, entry] of Object.entries(productLock.npm)) {
    assertEquals(testsLock.npm[name], entry, `${name} in tests/deno.lock`);
  }
});

Deno.test("a test file formats and lints by the same rules from either configuration", () => {
  // `deno fmt FILE` reads the nearest deno.json, so tests/ must carry the project's rules.
  assertEquals(tests.fmt?.lineWidth, product.fmt?.lineWidth);
  assertEquals(tests.lint?.rules, product.lint?.rules);
});

Deno.test("no product file is named like a test, so `deno test` outside tests/ collects nothing", () => {
  // deno test collects *_test.ts and *.test.ts wherever it is pointed (`deno test core/`).
  const named = productFiles.filter((file) => /(?:^|[._])test\.[cm]?[jt]sx?$/.test(file));
  assertEquals(named, [], "rename these for what they hold");
});
