import { deepStrictEqual as assertEquals } from "node:assert/strict";
import { dirname, join, relative } from "node:path";
import { pathToFileURL } from "node:url";
import { codeOnly, root, sourceFiles } from "./support/source_files.ts";

const CORE_FORBIDDEN: [RegExp, string][] = [
  [/\bDeno\s*\./, "uses the Deno namespace"],
  [/\bDate\.now\s*\(/, "reads the clock (Date.now)"],
  [/\bnew Date\s*\(\s*\)/, "reads the clock (new Date())"],
  [/\bperformance\.now\s*\(/, "reads the clock (performance.now)"],
  [/\bMath\.random\s*\(/, "draws randomness (pass it in)"],
  [/\bfetch\s*\(/, "reaches the network"],
  [/from\s+["']node:(fs|child_process|net|http|https|os|process)(\/[^"']*)?["']/, "imports I/O"],
  [/from\s+["']node:[^"']+["']/, "imports a node: module"],
  [/import\s*\(/, "imports dynamically"],
  // A name built at run time (globalThis["De" + "no"]) would pass every rule above.
  [/\b(globalThis|self|window|global)\s*(\?\.)?\s*\[/, "reaches a global by a computed name"],
  [
    /\bReflect\s*\.\s*get\s*\(\s*(globalThis|self|window|global)\b/,
    "reaches a global by a computed name",
  ],
  [/\b(eval|Function)\s*\(/, "evaluates code built at run time"],
  [
    /\b(globalThis|self|window|global)\s*(\?\.)?\s*\.\s*(Deno|process|require)\b/,
    "reaches the runtime through a global",
  ],
  [/(=|\(|,|\breturn|:)\s*Deno\s*($|[;,)?])/, "holds the Deno namespace as a value"],
  [/(^|[^.\w])(process\s*\.\s*\w|require\s*\()/, "uses Node's process or require"],
];

function violations(dir: string, rules: [RegExp, string][]): string[] {
  const found: string[] = [];
  for (const file of sourceFiles(dir)) {
    const lines = codeOnly(Deno.readTextFileSync(join(root, file))).split("\n");
    lines.forEach((line, i) => {
      for (const [pattern, what] of rules) {
        if (pattern.test(line)) found.push(`${file}:${i + 1} ${what}: ${line.trim()}`);
      }
    });
  }
  return found;
}

/**
 * Each relative import of a folder's files that lands in one of the named top-level folders,
 * resolved from the importing file, so core/viewer importing core/operator is not mistaken for
 * an import of operator/.
 */
function importsInto(dir: string, folders: readonly string[], what: string): string[] {
  const found: string[] = [];
  for (const file of sourceFiles(dir)) {
    const lines = codeOnly(Deno.readTextFileSync(join(root, file))).split("\n");
    lines.forEach((line, i) => {
      if (landsIn(file, line, folders)) found.push(`${file}:${i + 1} ${what}: ${line.trim()}`);
    });
  }
  return found;
}

/** Whether a line of `file` imports, relatively, from one of the top-level `folders`. */
function landsIn(file: string, line: string, folders: readonly string[]): boolean {
  return [...line.matchAll(/from\s+["'](\.{1,2}\/[^"']+)["']/g)].some(([, specifier]) =>
    folders.includes(relative(root, join(root, dirname(file), specifier)).split(/[\\/]/)[0])
  );
}

Deno.test("the import check resolves each path: core's own operator is not the operator", () => {
  const upward = ["host", "cli", "mcp", "operator"];
  const frontEnds = ["cli", "mcp", "operator"];
  assertEquals(landsIn("core/run/x.ts", 'import { x } from "../../host/store.ts";', upward), true);
  assertEquals(landsIn("core/x.ts", 'import { y } from "../cli/main.ts";', upward), true);
  assertEquals(landsIn("core/a/b.ts", 'export { z } from "../../operator/main.ts";', upward), true);
  assertEquals(
    landsIn("core/viewer/x.ts", 'import { j } from "../operator/journal.ts";', upward),
    false,
  );
  assertEquals(
    landsIn("host/viewer/x.ts", 'import { j } from "../operator/journal.ts";', frontEnds),
    false,
  );
  assertEquals(landsIn("host/x.ts", 'import { m } from "../operator/main.ts";', frontEnds), true);
});

Deno.test("core touches nothing of the world: no Deno, no I/O, no clock, no upward import", () => {
  assertEquals(violations("core", CORE_FORBIDDEN), []);
  assertEquals(importsInto("core", ["host", "cli", "mcp", "operator"], "imports upward"), []);
});

Deno.test("the layering check catches each forbidden thing it names", () => {
  const samples = [
    "Deno.readTextFile('x')",
    "const t = Date.now();",
    "const d = new Date();",
    "performance.now()",
    "Math.random()",
    "await fetch(url)",
    'import { readFile } from "node:fs/promises";',
    'const m = await import("./x.ts");',
    'const d = globalThis["De" + "no"];',
    "const d = self ['Deno'];",
    'const d = Reflect.get(globalThis, "De" + "no");',
    'const f = new Function("return Deno")();',
    'eval("Deno")',
    "const d = self.Deno;",
    "const env = globalThis?.Deno.env;",
    "const p = globalThis.process;",
    "const d = Deno;",
    "use(Deno)",
    "const e = process.env.KEY;",
    'const fs = require("node:fs");',
    "const name = globalThis[x];",
  ];
  for (const sample of samples) {
    const hit = CORE_FORBIDDEN.some(([pattern]) => pattern.test(codeOnly(sample)));
    assertEquals(hit, true, `not caught: ${sample}`);
  }
  assertEquals(
    CORE_FORBIDDEN.some(([p]) => p.test(codeOnly("// Deno.exit() in a comment"))),
    false,
  );
  assertEquals(CORE_FORBIDDEN.some(([p]) => p.test("new Date(iso)")), false);
  assertEquals(CORE_FORBIDDEN.some(([p]) => p.test("`Deno flags only: ${x}`")), false);
  assertEquals(CORE_FORBIDDEN.some(([p]) => p.test("run.process_id")), false);
});

Deno.test("host imports neither front end nor the operator", () => {
  assertEquals(importsInto("host", ["cli", "mcp", "operator"], "imports a front end"), []);
});

Deno.test("the front ends reach the world only through host", () => {
  const rules: [RegExp, string][] = [
    [
      /\bDeno\.(readTextFile|writeTextFile|readFile|writeFile|open|Command|connect|serve|env|mkdir|remove|rename|readDir)\b/,
      "touches the world directly",
    ],
    [/\bfetch\s*\(/, "reaches the network"],
  ];
  assertEquals(violations("cli", rules), []);
});

Deno.test("the operator and the MCP server never import the CLI", () => {
  const rule: [RegExp, string][] = [[/from\s+["'](\.\.\/)+cli\//, "imports the CLI"]];
  assertEquals([...violations("operator", rule), ...violations("mcp", rule)], []);
});

Deno.test("every file under core/ is checked", () => {
  const files = sourceFiles("core").map((f) => relative("core", f));
  assertEquals(files.length > 10, true, `only ${files.length} files found under core/`);
});

/** Every relative import of a file, resolved to a path from the root, type imports included. */
function relativeImports(file: string): string[] {
  return importsIn(file, Deno.readTextFileSync(join(root, file)));
}

/** The relative imports in `text`, the source of `file`, resolved to paths from the root. */
function importsIn(file: string, source: string): string[] {
  const text = codeOnly(source);
  const found: string[] = [];
  for (const match of text.matchAll(/(?:from|import)\s*\(?\s*["'](\.{1,2}\/[^"']+)["']/g)) {
    found.push(relative(root, join(root, dirname(file), match[1])));
  }
  return found;
}

/** The import circles among the files under `dirs`, each as the path that closes it. */
function importCircles(dirs: string[]): string[] {
  const files = new Set(dirs.flatMap((d) => sourceFiles(d)));
  const state = new Map<string, "open" | "done">();
  const circles: string[] = [];
  const visit = (file: string, path: string[]) => {
    if (state.get(file) === "done") return;
    if (state.get(file) === "open") {
      circles.push([...path.slice(path.indexOf(file)), file].join(" → "));
      return;
    }
    state.set(file, "open");
    for (const next of relativeImports(file)) if (files.has(next)) visit(next, [...path, file]);
    state.set(file, "done");
  };
  for (const file of files) visit(file, []);
  return circles;
}

Deno.test("no import circle in core/ or host/", () => {
  assertEquals(importCircles(["core", "host"]), []);
});

Deno.test("no import circle in the front ends: a command's declaration and its action never import each other", () => {
  assertEquals(importCircles(["cli", "mcp", "operator"]), []);
});

/**
 * The floors of core/ and host/, the ground first; docs/architecture.md draws them. A folder
 * imports only from itself and from the floors below its own, type-only imports included: a type
 * names a folder's vocabulary as much as a value does, so one that runs back up is a folder filed
 * too high. Folders on one floor do not import each other, so no chain of imports can close a
 * circle of folders. `core/*.ts` is core's root files: the vocabulary every folder may use.
 */
const FLOORS: readonly (readonly string[])[] = [
  ["core/*.ts", "core/generated/", "core/statistics/", "core/project_config/"],
  ["core/model/", "core/operator/"],
  ["core/suite/"],
  ["core/run/"],
  ["core/compare/"],
  ["core/documents/", "core/report/"],
  ["core/viewer/"],
  // host/ stands above all of core/.
  ["host/calls/"],
  ["host/process/"],
  ["host/files/", "host/user_code/"],
  ["host/store/", "host/models/", "host/init/", "host/project_config/"],
  ["host/git/", "host/journal/", "host/judges/", "host/targets/"],
  ["host/checks/"],
  ["host/suite_loader/"],
  ["host/running/"],
  ["host/work/"],
  ["host/library/", "host/operator/"],
  ["host/viewer/"],
];

/** The folder a file of core/ or host/ stands in: its first folder there, or `core/*.ts`. */
function folderOf(file: string): string {
  const parts = file.split(/[\\/]/);
  return parts.length === 2 ? `${parts[0]}/*.ts` : `${parts[0]}/${parts[1]}/`;
}

function floorOf(folder: string): number {
  return FLOORS.findIndex((floor) => floor.includes(folder));
}

/** Why `file`'s import of `imported` runs against the floors, or undefined when it does not. */
function floorBreach(file: string, imported: string): string | undefined {
  if (!/^(core|host)\//.test(imported)) return undefined;
  const [from, to] = [folderOf(file), folderOf(imported)];
  if (from === to || floorOf(to) < floorOf(from)) return undefined;
  const where = floorOf(to) === floorOf(from) ? "the same floor as" : "a higher floor than";
  return `${file} imports ${imported}: ${to} stands on ${where} ${from}`;
}

Deno.test("every folder of core/ and host/ stands on one floor, and every floor's folder exists", () => {
  const folders = new Set(["core", "host"].flatMap((d) => sourceFiles(d)).map(folderOf));
  assertEquals([...folders].filter((f) => floorOf(f) < 0), [], "folders on no floor");
  const listed = FLOORS.flat();
  assertEquals(listed.filter((f) => !folders.has(f)), [], "floors name folders that hold no file");
  assertEquals(listed.length, new Set(listed).size, "a folder stands on two floors");
});

Deno.test("each folder of core/ and host/ imports only from itself and the floors below", () => {
  const breaches = ["core", "host"].flatMap((dir) =>
    sourceFiles(dir).flatMap((file) =>
      relativeImports(file).map((imported) => floorBreach(file, imported))
    )
  ).filter((b) => b !== undefined);
  assertEquals(breaches, []);
});

/** The floors docs/architecture.md draws, the ground first, in FLOORS' spelling. */
function drawnFloors(): string[][] {
  const text = Deno.readTextFileSync(join(root, "docs", "architecture.md"));
  const drawing = text.split("<!-- floors:")[1]?.split("```")[1] ?? "";
  const floors: Record<string, string[][]> = { core: [], host: [] };
  let top = "";
  for (const line of drawing.split("\n")) {
    const match = line.match(/^(core\/|host\/)?\s*(\d+)\s+(.+)$/);
    if (match === null) continue;
    top = match[1]?.slice(0, -1) ?? top;
    const folders = match[3].split(" · ").map((name) =>
      name === "*.ts" ? `${top}/*.ts` : `${top}/${name.trim()}/`
    );
    floors[top][Number(match[2]) - 1] = folders;
  }
  return [...floors.core, ...floors.host];
}

Deno.test("docs/architecture.md draws the floors the test holds", () => {
  assertEquals(drawnFloors(), FLOORS.map((floor) => [...floor]));
});

Deno.test("the floor check catches an import back up, a type-only one and one within a floor", () => {
  const planted = importsIn("core/model/judge.ts", 'import type { Case } from "../suite/case.ts";');
  assertEquals(planted, ["core/suite/case.ts"]);
  assertEquals(typeof floorBreach("core/model/judge.ts", planted[0]), "string");
  assertEquals(floorBreach("core/suite/case.ts", "core/model/judge.ts"), undefined);
  assertEquals(typeof floorBreach("host/files/utf8.ts", "host/user_code/printed.ts"), "string");
  assertEquals(floorBreach("host/files/utf8.ts", "host/files/crc32.ts"), undefined);
  assertEquals(typeof floorBreach("host/git/git_stamp.ts", "host/journal/journal.ts"), "string");
  assertEquals(floorBreach("host/files/utf8.ts", "core/run/run_document.ts"), undefined);
  assertEquals(typeof floorBreach("core/json.ts", "core/run/run_document.ts"), "string");
  assertEquals(floorBreach("core/json.ts", "core/errors.ts"), undefined);
});

/** Every file `file` reaches by a chain of relative imports. */
function reachable(file: string, seen = new Set<string>()): Set<string> {
  for (const next of relativeImports(file)) {
    if (!seen.has(next)) reachable(next, seen.add(next));
  }
  return seen;
}

Deno.test("core/model/ sits below core/suite/: no chain of imports leads from a model file to a suite file", () => {
  // A suite holds model connections and judges, so suite imports model and never the reverse.
  const upward = sourceFiles("core/model").flatMap((file) =>
    [...reachable(file)].filter((f) => f.startsWith("core/suite/")).map((f) => `${file} → ${f}`)
  );
  assertEquals(upward, []);
});

Deno.test("the circle check finds a circle of two files", () => {
  const dir = Deno.makeTempDirSync({ dir: root, prefix: ".circle-" });
  try {
    Deno.writeTextFileSync(join(dir, "a.ts"), 'import { b } from "./b.ts";\nexport const a = 1;\n');
    Deno.writeTextFileSync(
      join(dir, "b.ts"),
      'import type { a } from "./a.ts";\nexport const b = 2;\n',
    );
    assertEquals(importCircles([relative(root, dir)]).length, 1);
  } finally {
    Deno.removeSync(dir, { recursive: true });
  }
});

Deno.test("only core/model/providers/ tells one provider from another", () => {
  // A new provider is its file there and its line in PROVIDERS; a branch elsewhere would be missed.
  const rule: [RegExp, string][] = [
    [/(?<!typeof\s+[\w.?]*)\bprovider\s*[!=]==?\s*["']/, "branches on a provider's name"],
    [/["']\s*[!=]==?\s*[\w.?]*\bprovider\b/, "branches on a provider's name"],
  ];
  const found = ["core", "host", "cli", "mcp", "operator"]
    .flatMap((dir) => violations(dir, rule))
    .filter((v) => !v.startsWith("core/model/providers/"));
  assertEquals(found, []);
});

/** The npm packages core imports, each read for what it does when loaded and used. */
const CORE_PACKAGES_REVIEWED = [
  "@noble/hashes",
  "ajv",
  "canonicalize",
  "entities",
  "zod",
];

function corePackages(): string[] {
  const names = new Set<string>();
  for (const file of sourceFiles("core")) {
    const text = codeOnly(Deno.readTextFileSync(join(root, file)));
    for (const match of text.matchAll(/from\s+["']([^."'][^"']*)["']/g)) {
      const specifier = match[1];
      if (specifier.startsWith("node:")) continue;
      const parts = specifier.split("/");
      names.add(specifier.startsWith("@") ? parts.slice(0, 2).join("/") : parts[0]);
    }
  }
  return [...names].sort();
}

Deno.test("core's npm packages are the reviewed ones: a new one is read before it is added here", () => {
  assertEquals(corePackages(), CORE_PACKAGES_REVIEWED);
});

Deno.test({
  name: "every core module, with its npm packages, loads in a process with no permissions",
  // Core's own tests exercise the packages without permissions; this holds what they do at load.
  // It starts a process, so a run of this file with --allow-read alone skips it (marked ignored).
  ignore: Deno.permissions.querySync({ name: "run" }).state !== "granted" ||
    Deno.permissions.querySync({ name: "write" }).state !== "granted",
  fn: async () => {
    const dir = Deno.makeTempDirSync({ dir: root, prefix: ".no-permissions-" });
    try {
      const entry = join(dir, "all_core.ts");
      const imports = sourceFiles("core").map((file) =>
        `import ${JSON.stringify(pathToFileURL(join(root, file)).href)};`
      );
      Deno.writeTextFileSync(entry, imports.join("\n") + "\n");
      const out = await new Deno.Command(Deno.execPath(), {
        args: ["run", "--no-prompt", "--config", join(root, "deno.json"), entry],
        stdout: "piped",
        stderr: "piped",
      }).output();
      assertEquals(
        { code: out.code, stderr: new TextDecoder().decode(out.stderr) },
        { code: 0, stderr: "" },
      );
    } finally {
      Deno.removeSync(dir, { recursive: true });
    }
  },
});
