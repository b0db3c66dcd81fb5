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
import { relative } from "node:path";
import { fileURLToPath } from "node:url";
import { localModuleFiles } from "../user_code/local_module_graph.ts";

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

/**
 * The first dynamic import in the module at `moduleUrl` or in the local modules it reaches (the
 * same walk as a check's identity: relative paths, `file:` URLs, and names the import map sends
 * to a local file), or undefined. Every file of the graph is read, however many there are: a cap
 * would leave the one past it unread.
 */
export async function findDynamicImport(moduleUrl: string): Promise<FoundImport | undefined> {
  for await (const { path, text } of localModuleFiles(fileURLToPath(moduleUrl))) {
    const found = [...text.matchAll(DYNAMIC)].find((match) =>
      !BUILT_IN.test(text.slice(match.index + match[0].length))
    );
    if (found === undefined) continue;
    const line = text.slice(0, found.index).split("\n").length;
    const shown = relative(Deno.cwd(), path);
    return { file: shown.startsWith("..") ? path : shown, line };
  }
  return undefined;
}
