import { type KeyRuns, keyRuns, withoutRuns } from "./key_runs.ts";

export { MIN_KEY_FRAGMENT } from "./key_runs.ts";

/** What a secret is replaced with wherever it would have been written. */
export const REDACTED = "[the key]";

/** Secrets shorter than this are not searched for: replacing "ab" everywhere garbles text. */
const MIN_SECRET_LENGTH = 4;

/** How deep JSON that holds JSON (a gateway wrapping an upstream's error) is opened. */
const MAX_NESTING = 8;

const compiled = new Map<string, KeyRuns>();

function formsOf(secret: string): KeyRuns {
  let forms = compiled.get(secret);
  if (forms === undefined) {
    forms = keyRuns(secret);
    compiled.set(secret, forms);
  }
  return forms;
}

/**
 * Replaces every form of every secret in `text`: as it is, escaped in JSON (to any depth, and
 * JSON text holding JSON is opened and searched until nothing more opens), percent-encoded in
 * either case, as HTML character references, in base64 or base64url at any offset, in hex,
 * split by spaces or line breaks, and any run of 12 or more of its characters. Apply it to text
 * already decoded (a message read out of a JSON body) where there is one.
 *
 * @example
 * ```ts
 * import { equal } from "node:assert/strict";
 * import { redact } from "./redact.ts";
 * equal(redact("bad key sk-ABC", ["sk-ABC"]), "bad key [the key]");
 * equal(redact(JSON.stringify({ error: 'bad key sk-"x' }), ['sk-"x']), '{"error":"bad key [the key]"}');
 * equal(redact("?key=sk%2fx", ["sk/x"]), "?key=[the key]");
 * equal(redact("starts sk-live-0123456789ab", ["sk-live-0123456789abcdefghij"]), "starts [the key]");
 * ```
 */
export function redact(text: string, secrets: readonly string[]): string {
  let keys = keysOf.get(secrets);
  if (keys === undefined) {
    keys = secrets.filter((s) => s.length >= MIN_SECRET_LENGTH).map(formsOf);
    keysOf.set(secrets, keys);
  }
  return keys.length === 0 ? text : redactWith(text, keys, 0);
}

// The keys in play are one array for a process's life (host/process/secrets.ts keeps it): its forms are
// looked up once, not once per string.
const keysOf = new WeakMap<readonly string[], KeyRuns[]>();

function redactWith(text: string, keys: readonly KeyRuns[], depth: number): string {
  const opened = depth < MAX_NESTING ? openedJson(text, keys, depth) : text;
  return withoutRuns(opened, keys, REDACTED);
}

/**
 * JSON text whose strings are scrubbed after decoding, written again only when one held a key:
 * decoding is what turns an escape no pattern foresaw back into the key.
 */
function openedJson(text: string, keys: readonly KeyRuns[], depth: number): string {
  let at = 0;
  while (at < text.length && text.charCodeAt(at) <= 0x20) at++;
  const start = text[at];
  if (start !== "{" && start !== "[" && start !== '"') return text;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return text;
  }
  let changed = false;
  const scrubbed = mapStrings(value, (s) => {
    const clean = redactWith(s, keys, depth + 1);
    if (clean !== s) changed = true;
    return clean;
  });
  return changed ? JSON.stringify(scrubbed) : text;
}

function mapStrings(value: unknown, map: (s: string) => string): unknown {
  if (typeof value === "string") return map(value);
  if (Array.isArray(value)) return value.map((v) => mapStrings(v, map));
  if (typeof value === "object" && value !== null) {
    return Object.fromEntries(
      Object.entries(value).map(([k, v]) => [map(k), mapStrings(v, map)]),
    );
  }
  return value;
}
