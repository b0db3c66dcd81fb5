/**
 * Finds a dynamic `import()` in a suite module with custom checks, or in a local module it
 * imports. The check sandbox can not stop one at run time: a Worker's module loader fetches an
 * `npm:` or `jsr:` specifier from the registry whatever the Worker's permissions (denoland/deno
 * #29503), so a check could send data out in a package's name. Code made from strings is
 * refused in the sandbox, so an `import(` the sandbox could run is in the text of a module it
 * loaded; the local ones are read here (ADR 0111).
 *
 * The text is searched as it is, strings and comments included: a false alarm is a refusal
 * that names the line, where a lexer tricked by a regular expression would miss one.
 *
 * @module
 */
import { dirname, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { isDiglineCode } from "../user_code/digline_code.ts";

/** Where a dynamic import was found. */
export interface FoundImport {
  /** The file, as a path from the working directory when it is below it. */
  file: string;
  line: number;
}

/** `import` as the dynamic import's keyword: not a property name, then `(` after spaces or comments. */
const DYNAMIC = /(?<!\.\s*)\bimport(?:\s|\/\*[\s\S]*?\*\/|\/\/[^\n]*\n)*\(/g;
/** What follows the `(` of a dynamic import of one of the runtime's own modules: no fetch. */
const BUILT_IN = /^\s*(["'])node:[\w/]+\1\s*[,)]/;
/** Every specifier a static import or export names. */
const STATIC = /(?:\bfrom|\bimport)\s*["']([^"'\n]+)["']/g;

/** How many files the walk reads at most: past that, the suite's graph is not local code. */
const MAX_FILES = 2000;

/**
 * The first dynamic import in the module at `moduleUrl` or in the local modules it reaches
 * through static imports (relative paths, `file:` URLs, and names the import map sends to a
 * local file), or undefined.
 */
export async function findDynamicImport(moduleUrl: string): Promise<FoundImport | undefined> {
  const seen = new Set<string>();
  const queue = [fileURLToPath(moduleUrl)];
  while (queue.length > 0 && seen.size < MAX_FILES) {
    const path = queue.shift()!;
    if (seen.has(path)) continue;
    seen.add(path);
    let text: string;
    try {
      text = await Deno.readTextFile(path);
    } catch {
      continue;
    }
    const found = [...text.matchAll(DYNAMIC)].find((match) =>
      !BUILT_IN.test(text.slice(match.index + match[0].length))
    );
    if (found !== undefined) {
      const line = text.slice(0, found.index).split("\n").length;
      const shown = relative(Deno.cwd(), path);
      return { file: shown.startsWith("..") ? path : shown, line };
    }
    for (const [, specifier] of text.matchAll(STATIC)) {
      const local = localPath(specifier, path);
      if (local !== undefined && !seen.has(local)) queue.push(local);
    }
  }
  return undefined;
}

function localPath(specifier: string, from: string): string | undefined {
  if (specifier.startsWith("./") || specifier.startsWith("../") || specifier.startsWith("/")) {
    return ours(resolve(dirname(from), specifier.split(/[?#]/)[0]));
  }
  let url: string;
  try {
    url = specifier.startsWith("file:") ? specifier : import.meta.resolve(specifier);
  } catch {
    return undefined;
  }
  return url.startsWith("file:") ? ours(fileURLToPath(url)) : undefined;
}

/** The path, unless it is digline's own code (whose lazy imports load its own chunks). */
function ours(path: string): string | undefined {
  return isDiglineCode(path) ? undefined : path;
}
