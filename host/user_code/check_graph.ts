import { dirname, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { sha256Hex, shortDigest } from "../../core/digest.ts";
import type { Assertion } from "../../core/suite/assertions/assertion.ts";
import { isPureCustom } from "../../core/suite/assertions/pure_custom.ts";
import { sourceOf } from "./describe_suite.ts";

/** digline's own source: its code is not the suite's, and an upgrade must not move every id. */
const DIGLINE_ROOT = fileURLToPath(new URL("../../", import.meta.url));
const DIGLINE_PARTS = ["core", "host", "cli", "mcp", "operator", "mod.ts"];

/** Where the check sandbox finds a check whose id now covers its module graph. */
export const SANDBOX_ID = "sandbox_id";

/**
 * Each pure custom check whose source uses a binding imported from a local module gets that
 * module's graph (every local file it reaches, by path relative to the suite and content) in its
 * definition, so its id: editing a helper the check calls is "the rules changed", as editing the
 * check is (ADR 0085). A check that imports nothing keeps the id it had. The sandbox, which
 * imports the suite again and knows the check by its own id, is told that one.
 */
export async function withModuleGraphs(
  assertions: readonly Assertion[],
  options: { suitePath: string },
): Promise<Assertion[]> {
  const files = new Map<string, string>();
  const out: Assertion[] = [];
  for (const assertion of assertions) {
    const source = sourceOf(assertion.check);
    if (!isPureCustom(assertion) || source === undefined || source === "") {
      out.push(assertion);
      continue;
    }
    const graph = await checkGraph(source, { ...options, files });
    if (graph === undefined) {
      out.push(assertion);
      continue;
    }
    const definition = {
      ...(assertion.definition as Record<string, unknown>),
      module_graph: graph,
    };
    out.push({
      ...assertion,
      id: shortDigest(definition),
      definition: definition as Assertion["definition"],
      [SANDBOX_ID]: assertion.id,
    } as Assertion);
  }
  return out;
}

async function checkGraph(
  source: string,
  options: { suitePath: string; files: Map<string, string> },
): Promise<string | undefined> {
  const suiteDir = dirname(options.suitePath);
  const read = async (path: string): Promise<string | undefined> => {
    if (!options.files.has(path)) {
      options.files.set(path, await Deno.readTextFile(path).catch(() => ""));
    }
    return options.files.get(path);
  };
  // The module whose text holds the check is where its names are bound; the suite when none is
  // found (a TypeScript check's text is the transpiled one).
  const local = await localGraph(options.suitePath, read);
  let home = options.suitePath;
  for (const path of local) {
    if ((await read(path))?.includes(source)) {
      home = path;
      break;
    }
  }
  const bindings = importBindings((await read(home)) ?? "", home);
  const used = bindings.filter((b) => new RegExp(`\\b${escaped(b.name)}\\b`).test(source));
  if (used.length === 0) return undefined;
  const reached = new Set<string>();
  for (const binding of used) {
    for (const path of await localGraph(binding.path, read)) reached.add(path);
  }
  const lines: string[] = [];
  for (const path of [...reached].sort()) {
    lines.push(`${relative(suiteDir, path)}\0${sha256Hex((await read(path)) ?? "")}`);
  }
  return lines.length === 0 ? undefined : shortDigest(lines);
}

/** The local files a module reaches through static imports, itself first; digline's excluded. */
async function localGraph(
  start: string,
  read: (path: string) => Promise<string | undefined>,
): Promise<string[]> {
  const seen = new Set<string>();
  const queue = [start];
  while (queue.length > 0) {
    const path = queue.shift()!;
    if (seen.has(path) || isDigline(path)) continue;
    seen.add(path);
    for (const binding of importBindings((await read(path)) ?? "", path)) {
      queue.push(binding.path);
    }
    for (const path2 of bareImports((await read(path)) ?? "", path)) queue.push(path2);
  }
  return [...seen];
}

function isDigline(path: string): boolean {
  const inside = relative(DIGLINE_ROOT, path);
  return !inside.startsWith("..") && DIGLINE_PARTS.includes(inside.split(/[\\/]/)[0]);
}

const IMPORT = /\b(?:import|export)\s+([\w$*{}\s,]+?)\s+from\s+["']([^"']+)["']/g;
const BARE = /\bimport\s+["']([^"']+)["']/g;

/** The names a module binds from local modules, each with the file it comes from. */
function importBindings(text: string, from: string): { name: string; path: string }[] {
  const out: { name: string; path: string }[] = [];
  for (const [, clause, specifier] of text.matchAll(IMPORT)) {
    const path = localPath(specifier, from);
    if (path === undefined) continue;
    const names = clause.replace(/[{}]/g, " ").split(/[\s,]+/).filter((word) =>
      word !== "" && word !== "as" && word !== "*" && word !== "type"
    );
    // `a as b` binds b; taking both only widens what counts as used.
    for (const name of names) out.push({ name, path });
  }
  return out;
}

function bareImports(text: string, from: string): string[] {
  return [...text.matchAll(BARE)].map(([, specifier]) => localPath(specifier, from))
    .filter((path): path is string => path !== undefined);
}

function localPath(specifier: string, from: string): string | undefined {
  if (specifier.startsWith("./") || specifier.startsWith("../") || specifier.startsWith("/")) {
    return resolve(dirname(from), specifier);
  }
  if (specifier.startsWith("file:")) return fileURLToPath(specifier);
  return undefined;
}

function escaped(name: string): string {
  return name.replace(/[$]/g, "\\$");
}
