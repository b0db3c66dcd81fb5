/**
 * Where a store is, as a command line names it: every command digline prints as advice repeats
 * it, so the command reaches the same runs when it is pasted as printed.
 */
export interface StoreWhere {
  /** `--tenant`; `default` when not given. */
  tenant: string;
  /** `--store`, as the user named it; `.digline` when not given. */
  store: string;
}

const DEFAULT_TENANT = "default";
const DEFAULT_STORE = ".digline";

/**
 * `digline ARGS`, with `--tenant` and `--store` where they are not the defaults, the store
 * quoted for a shell when it needs to be. `args` is already a shell's words (ids, flags).
 *
 * @example
 * ```ts
 * import { equal } from "node:assert/strict";
 * equal(digline("rejudge r1"), "digline rejudge r1");
 * equal(
 *   digline("rejudge r1", { tenant: "team", store: "my store" }),
 *   "digline rejudge r1 --tenant team --store 'my store'",
 * );
 * ```
 */
export function digline(args: string, where?: StoreWhere): string {
  return `digline ${args}${whereFlags(where)}`;
}

/** ` --tenant NAME --store DIR`, each only when not the default; empty when both are. */
export function whereFlags(where?: StoreWhere): string {
  if (where === undefined) return "";
  const tenant = where.tenant === DEFAULT_TENANT ? "" : ` --tenant ${shellWord(where.tenant)}`;
  const store = isDefaultStore(where.store) ? "" : ` --store ${shellWord(where.store)}`;
  return `${tenant}${store}`;
}

function isDefaultStore(store: string): boolean {
  return store.replace(/^\.\//, "").replace(/\/+$/, "") === DEFAULT_STORE;
}

/** A word a POSIX shell reads back unchanged: as it is when plain, else in single quotes. */
function shellWord(word: string): string {
  if (/^[A-Za-z0-9_./:@%+=,-]+$/.test(word)) return word;
  return `'${word.replaceAll("'", `'\\''`)}'`;
}
