import type { KeyPath } from "./toml_locator.ts";

/** Tables a TOML suite writes as `[[name]]`, so their elements are named by ordinal. */
const ARRAY_TABLES = new Set(["cases", "assertions", "aggregates"]);

/**
 * Names a key path the way a TOML suite reads: `[[cases]] #3 key "vars.q"`, `[target] key
 * "command"`, `key "name"`. Array-of-tables elements count from 1, as a reader counts tables.
 *
 * @example
 * ```ts
 * import { equal } from "node:assert/strict";
 * equal(tomlKeyLabel(["cases", 2, "vars", "q"]), '[[cases]] #3 key "vars.q"');
 * equal(tomlKeyLabel(["target", "command", 1]), '[target] key "command[1]"');
 * ```
 */
export function tomlKeyLabel(path: KeyPath): string {
  const [head, second, ...rest] = path;
  if (typeof head === "string" && ARRAY_TABLES.has(head) && typeof second === "number") {
    const table = `[[${head}]] #${second + 1}`;
    return rest.length === 0 ? table : `${table} key "${dotted(rest)}"`;
  }
  if (head === "target" && path.length >= 1) {
    return path.length === 1 ? "[target]" : `[target] key "${dotted(path.slice(1))}"`;
  }
  return `key "${dotted(path)}"`;
}

/**
 * Names a key path the way a suite module reads: `cases[2].vars.q`.
 *
 * @example
 * ```ts
 * import { equal } from "node:assert/strict";
 * equal(codeKeyLabel(["cases", 2, "vars", "q"]), "cases[2].vars.q");
 * ```
 */
export function codeKeyLabel(path: KeyPath): string {
  return path.length === 0 ? "the suite" : dotted(path);
}

/** A path inside a value: `vars.q`, `command[1]`. */
export function dotted(path: KeyPath): string {
  let text = "";
  for (const segment of path) {
    if (typeof segment === "number") text += `[${segment}]`;
    else text += text === "" ? segment : `.${segment}`;
  }
  return text;
}
