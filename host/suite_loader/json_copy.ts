/**
 * A TOML document's value as plain JSON, for a generated validator to read: smol-toml's tables
 * have no prototype, its dates are objects and its numbers may be infinite, none of which a
 * validator's `type: "object"` or the schema's JsonValueSchema sees as zod does. Undefined for
 * a value that holds a date, an infinity or a `__proto__` key, which the schema then reads and
 * refuses in its own words.
 */
export function jsonCopy(value: unknown): unknown {
  const copy = copied(value);
  return copy === NOT_JSON ? undefined : copy;
}

const NOT_JSON = Symbol("not JSON");

function copied(value: unknown): unknown {
  if (typeof value === "string" || typeof value === "boolean") return value;
  if (typeof value === "number") return Number.isFinite(value) ? value : NOT_JSON;
  if (Array.isArray(value)) {
    const items: unknown[] = [];
    for (const item of value) {
      const copy = copied(item);
      if (copy === NOT_JSON) return NOT_JSON;
      items.push(copy);
    }
    return items;
  }
  if (!isPlainRecord(value)) return NOT_JSON;
  const record: Record<string, unknown> = {};
  for (const key of Object.keys(value)) {
    const copy = key === "__proto__" ? NOT_JSON : copied(value[key]);
    if (copy === NOT_JSON) return NOT_JSON;
    record[key] = copy;
  }
  return Object.getOwnPropertySymbols(value).length === 0 ? record : NOT_JSON;
}

function isPlainRecord(value: unknown): value is Record<string, unknown> {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return false;
  const prototype = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
}
