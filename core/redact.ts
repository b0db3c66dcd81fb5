import { escapeRegex, type KeyRuns, keyRuns, withoutRuns } from "./key_runs.ts";

export { MIN_KEY_FRAGMENT } from "./key_runs.ts";

/** What a secret is replaced with wherever it would have been written. */
export const REDACTED = "[the key]";

/** Secrets shorter than this are not searched for: replacing "ab" everywhere garbles text. */
const MIN_SECRET_LENGTH = 4;

/** How deep JSON that holds JSON (a gateway wrapping an upstream's error) is opened. */
const MAX_NESTING = 8;

/** One key's forms, worked out once: every scrub of every string that leaves uses them. */
interface KeyForms {
  secret: string;
  /**
   * One pattern for every form: the exact ones (JSON-escaped, base64 and base64url at each
   * alignment), the key a character at a time (each as itself or escaped, with spaces and line
   * breaks between), and its hex. One pass over a string, however many forms.
   */
  pattern: RegExp;
  /** Runs of 12 of its characters, reversed too, as written, in hex, base64, or decoded. */
  runs: KeyRuns;
}

const compiled = new Map<string, KeyForms>();

/**
 * The exact (non-pattern) forms of a key in text a provider or a server sends back: escaped in
 * a JSON string, and base64 or base64url at each of the three alignments a key takes after a
 * prefix (a Basic header's `user:` puts it at an offset), padded or not.
 */
export function secretForms(secret: string): string[] {
  const bytes = new TextEncoder().encode(secret);
  const forms = [secret, JSON.stringify(secret).slice(1, -1)];
  for (let offset = 0; offset < 3; offset++) {
    const padded = new Uint8Array(offset + bytes.length);
    padded.set(bytes, offset);
    const encoded = btoa(String.fromCharCode(...padded));
    // Only the characters every bit of which is the key's: the first ones mix in the prefix,
    // the last ones whatever follows.
    const first = Math.ceil((offset * 8) / 6);
    const last = Math.floor(((offset + bytes.length) * 8) / 6);
    const inner = encoded.slice(first, last);
    forms.push(inner, inner.replaceAll("+", "-").replaceAll("/", "_"));
    if (offset === 0) {
      const url = encoded.replaceAll("+", "-").replaceAll("/", "_");
      forms.push(encoded, url, encoded.replace(/=+$/, ""), url.replace(/=+$/, ""));
    }
  }
  // Longest first, so a form that contains another is replaced whole.
  return [...new Set(forms)].filter((form) => form.length >= MIN_SECRET_LENGTH)
    .sort((a, b) => b.length - a.length);
}

function formsOf(secret: string): KeyForms {
  let forms = compiled.get(secret);
  if (forms === undefined) {
    forms = { secret, pattern: keyPattern(secret), runs: keyRuns(secret) };
    compiled.set(secret, forms);
  }
  return forms;
}

/**
 * One pattern for the key written a character at a time: each character as itself, behind any
 * number of backslashes (JSON in JSON), `%XX` in either case, `&#NNN;` or `&#xXX;`, or `\uXXXX`,
 * with whitespace or escaped line breaks between any two; or the key's bytes in hex, either case.
 */
function keyPattern(secret: string): RegExp {
  const between = String.raw`(?:\s|\\+[nrt])*`;
  const characters = [...secret].map((character) => {
    const code = character.codePointAt(0)!;
    const utf8 = [...new TextEncoder().encode(character)];
    const alternatives = [
      String.raw`\\*` + escapeRegex(character),
      utf8.map((b) => `%(?:25)?${hex2(b)}`).join(""),
      `&#0*${code};`,
      `&#x0*${code.toString(16)};`,
    ];
    if (code <= 0xffff) alternatives.push(String.raw`\\+u${code.toString(16).padStart(4, "0")}`);
    return `(?:${alternatives.join("|")})`;
  });
  const hex = [...new TextEncoder().encode(secret)].map(hex2).join("");
  // base64 is case-sensitive: its forms are matched as they are, ahead of the others; the
  // reversed key's too, so its padded base64 goes whole (key_runs.ts finds the rest of it).
  const reversed = [...secret].reverse().join("");
  const exact = [...new Set([...secretForms(secret), ...secretForms(reversed)])]
    .sort((a, b) => b.length - a.length).map(escapeRegex).join("|");
  return new RegExp(`(?-i:${exact})|${characters.join(between)}|${hex}`, "gi");
}

function hex2(byte: number): string {
  return byte.toString(16).padStart(2, "0");
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
const keysOf = new WeakMap<readonly string[], KeyForms[]>();

function redactWith(text: string, keys: readonly KeyForms[], depth: number): string {
  let result = depth < MAX_NESTING ? openedJson(text, keys, depth) : text;
  for (const key of keys) {
    key.pattern.lastIndex = 0;
    result = result.replace(key.pattern, REDACTED);
  }
  return withoutRuns(result, runsOf(keys), REDACTED);
}

/**
 * JSON text whose strings are scrubbed after decoding, written again only when one held a key:
 * decoding is what turns an escape no pattern foresaw back into the key.
 */
function openedJson(text: string, keys: readonly KeyForms[], depth: number): string {
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

const runsOfKeys = new WeakMap<readonly KeyForms[], KeyRuns[]>();

function runsOf(keys: readonly KeyForms[]): KeyRuns[] {
  let runs = runsOfKeys.get(keys);
  if (runs === undefined) {
    runs = keys.map((key) => key.runs);
    runsOfKeys.set(keys, runs);
  }
  return runs;
}
