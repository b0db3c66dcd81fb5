/**
 * The import map the installed command runs with in a project (ADR 0114): the project's own
 * entries for the specifiers user code names bare (`digline`, `zod`, `@std/assert/`), and nothing
 * that could name a module of digline's. digline's bundle imports only `node:` built-ins and its
 * own chunk files by relative URL, and a bare key matches only a bare specifier, so no entry kept
 * here can replace a module of digline's, in `imports` or in any scope.
 *
 * @module
 */

/** Import map entries: a specifier (or a prefix ending in `/`) and the address it maps to. */
export type SpecifierMap = Record<string, string>;

/** An import map as Deno reads it from `--import-map`. */
export interface ImportMap {
  imports: SpecifierMap;
  scopes: Record<string, SpecifierMap>;
}

/**
 * Whether an import map key is a bare specifier, which only a bare import can match: not a URL
 * (`node:path`, `file:///…/chunk.js`, `npm:x`, any `scheme:`), not a path (`/x`, `./x`, `../x`).
 * A key holding a colon anywhere, or starting with a dot, a slash or a backslash after any
 * leading blank, is left out even where the URL parser would call it bare: a key is dropped when
 * in doubt, never kept.
 *
 * @example
 * ```ts
 * import { deepStrictEqual as assertEquals } from "node:assert/strict";
 * const keys = ["digline", "@std/assert/", "node:path", "file:///d/chunk.js", "./x", " /x"];
 * assertEquals(keys.filter(isBareSpecifier), ["digline", "@std/assert/"]);
 * ```
 */
export function isBareSpecifier(key: string): boolean {
  const start = withoutLeadingBlanks(key);
  if (start === "" || key.includes(":") || /^[./\\]/.test(start)) return false;
  return !URL.canParse(key);
}

/** The key past the blanks and control characters a URL parser skips at its start. */
function withoutLeadingBlanks(key: string): string {
  let at = 0;
  while (at < key.length && key.charCodeAt(at) <= 0x20) at++;
  return key.slice(at);
}

/** An address resolved as an import map resolves it: a path against the map's own URL. */
function absolute(address: string, base: string): string {
  return /^(\/|\.\/|\.\.\/)/.test(address) ? new URL(address, base).href : address;
}

/** A scope's prefix, which an import map always reads as a URL against its own. */
function scopeUrl(prefix: string, base: string): string {
  return URL.canParse(prefix, base) ? new URL(prefix, base).href : prefix;
}

// Built with fromEntries: a key such as "__proto__" stays an entry of its own.
function bareEntries(entries: SpecifierMap, base: string): SpecifierMap {
  return Object.fromEntries(
    Object.entries(entries)
      .filter(([key]) => isBareSpecifier(key))
      .map(([key, address]) => [key, absolute(address, base)]),
  );
}

/**
 * The project's bare entries, top level and in each scope, with every path resolved against
 * `base` (the URL of the file the entries were read from), since the map is written elsewhere.
 * A scope keeps its prefix, whatever files it covers: with only bare entries it can steer only
 * bare imports, which digline's own code has none of.
 *
 * @example
 * ```ts
 * import { deepStrictEqual as assertEquals } from "node:assert/strict";
 * const map = userImportMap({
 *   imports: { digline: "../tools/digline/digline.js", "node:path": "./steer.js" },
 *   scopes: { "file:///": { "node:path": "./steer.js" }, "./vendor/": { zod: "npm:zod@4" } },
 * }, { base: "file:///p/deno.json" });
 * assertEquals(map, {
 *   imports: { digline: "file:///tools/digline/digline.js" },
 *   scopes: { "file:///p/vendor/": { zod: "npm:zod@4" } },
 * });
 * ```
 */
export function userImportMap(
  source: { imports?: SpecifierMap; scopes?: Record<string, SpecifierMap> },
  options: { base: string },
): ImportMap {
  const scopes = Object.entries(source.scopes ?? {})
    .map((
      [prefix, entries],
    ) => [scopeUrl(prefix, options.base), bareEntries(entries, options.base)])
    .filter(([, kept]) => Object.keys(kept).length > 0);
  return {
    imports: bareEntries(source.imports ?? {}, options.base),
    scopes: Object.fromEntries(scopes),
  };
}

/**
 * The unstable features a project's deno.json may turn on under the installed command: each adds
 * an API, or changes how a bare, `npm:` or missing relative specifier resolves, which digline's
 * own code never imports. The others change how every module in the process runs (`unsafe-proto`,
 * `node-globals`, `detect-cjs`, `no-legacy-abort`, `otel`, `subdomain-wildcards`, ...), digline's
 * included, so the command refuses a config that names one.
 */
export const USER_UNSTABLE_FEATURES: readonly string[] = [
  "bare-node-builtins",
  "broadcast-channel",
  "bundle",
  "byonm",
  "cron",
  "ffi",
  "fs",
  "http",
  "kv",
  "lazy-dynamic-imports",
  "lockfile-v5",
  "net",
  "npm-lazy-caching",
  "process",
  "raw-imports",
  "sloppy-imports",
  "temporal",
  "tsgo",
  "webgpu",
  "worker-options",
];

/**
 * The features of a config's `unstable` list that would change how digline's own code runs.
 *
 * @example
 * ```ts
 * import { deepStrictEqual as assertEquals } from "node:assert/strict";
 * assertEquals(steeringFeatures(["kv", "unsafe-proto", "sloppy-imports"]), ["unsafe-proto"]);
 * ```
 */
export function steeringFeatures(unstable: readonly string[]): string[] {
  return unstable.filter((feature) => !USER_UNSTABLE_FEATURES.includes(feature));
}
