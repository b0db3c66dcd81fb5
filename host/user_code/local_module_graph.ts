import { dirname, relative, resolve, sep } from "node:path";
import { fileURLToPath } from "node:url";
import { isDiglineCode } from "./digline_code.ts";

/** One local file a module reaches: its path relative to the suite's folder, and its digest. */
export interface GraphFile {
  /** With `/` between folders on every system, so the same tree digests alike everywhere. */
  path: string;
  /** sha256 of its bytes, 64 hex digits. */
  sha256: string;
}

/**
 * Every local file `start` reaches through imports with a literal specifier (static imports and
 * re-exports, `import "./x"`, `import("./x")`), itself included, sorted by path. Each file is
 * read and digested once. A bare name is followed where the import map this process runs with
 * maps it to a local file (the project's `"@/": "./src/"`, which the installed command keeps);
 * `npm:`, `jsr:` and remote URLs are not followed, nor is digline's own source, so an upgrade
 * moves no id. A specifier that names no readable file (one in a comment or a string, say) is
 * left out.
 */
export async function localModuleGraph(start: string): Promise<GraphFile[]> {
  const base = dirname(start);
  const out: GraphFile[] = [];
  for await (const file of localModuleFiles(start)) {
    out.push({
      path: relative(base, file.path).split(sep).join("/"),
      sha256: await sha256Of(file.bytes),
    });
  }
  return out.sort((a, b) => a.path < b.path ? -1 : a.path > b.path ? 1 : 0);
}

/** One local file of a module's graph, as read: its absolute path, its bytes and its text. */
export interface LocalModuleFile {
  path: string;
  bytes: Uint8Array<ArrayBuffer>;
  text: string;
}

/**
 * The files of `start`'s local graph (see localModuleGraph), each read once, `start` first. The
 * one walk behind a check's identity and the sandbox's search for dynamic imports.
 */
export async function* localModuleFiles(start: string): AsyncGenerator<LocalModuleFile> {
  const seen = new Set<string>();
  const queue = [resolve(start)];
  while (queue.length > 0) {
    const path = queue.pop()!;
    if (seen.has(path) || isDiglineCode(path)) continue;
    seen.add(path);
    let bytes: Uint8Array<ArrayBuffer>;
    try {
      bytes = await Deno.readFile(path);
    } catch {
      continue;
    }
    const text = new TextDecoder().decode(bytes);
    yield { path, bytes, text };
    for (const specifier of importSpecifiers(text)) {
      const next = localPath(specifier, path);
      if (next !== undefined && !seen.has(next)) queue.push(next);
    }
  }
}

async function sha256Of(bytes: Uint8Array<ArrayBuffer>): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", bytes));
  return Array.from(digest, (b) => b.toString(16).padStart(2, "0")).join("");
}

// Wider than the language on purpose: a specifier in a comment or a string is followed too, so
// nothing an import can name is missed; what it wrongly adds only moves an id more often.
const FROM = /\b(?:import|export)\s[^;"'`]*?\bfrom\s*["']([^"'\n]+)["']/g;
const BARE = /\bimport\s*["']([^"'\n]+)["']/g;
const DYNAMIC = /\bimport\s*\(\s*(["'`])([^"'`$\n]+)\1/g;

/** The specifiers a module's text names in its imports, in the order written. */
export function importSpecifiers(text: string): string[] {
  const found: string[] = [];
  for (const match of text.matchAll(FROM)) found.push(match[1]);
  for (const match of text.matchAll(BARE)) found.push(match[1]);
  for (const match of text.matchAll(DYNAMIC)) found.push(match[2]);
  return found;
}

function localPath(specifier: string, from: string): string | undefined {
  if (specifier.startsWith("./") || specifier.startsWith("../") || specifier.startsWith("/")) {
    return resolve(dirname(from), specifier.replace(/[?#].*$/, ""));
  }
  if (specifier.startsWith("file:")) return filePath(specifier);
  if (!isBare(specifier)) return undefined;
  let resolved: string;
  try {
    // The user's code is resolved with the same map, so this names the file it imports.
    resolved = import.meta.resolve(specifier);
  } catch {
    return undefined;
  }
  return resolved.startsWith("file:") ? filePath(resolved) : undefined;
}

function filePath(url: string): string | undefined {
  try {
    return fileURLToPath(url);
  } catch {
    return undefined;
  }
}

/** A name only an import map gives a meaning to: no scheme, no path. */
function isBare(specifier: string): boolean {
  return !/^[a-z][a-z0-9+.-]*:/i.test(specifier);
}
