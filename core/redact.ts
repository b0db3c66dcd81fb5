/** What a secret is replaced with wherever it would have been written. */
export const REDACTED = "[the key]";

/** Secrets shorter than this are not searched for: replacing "ab" everywhere garbles text. */
const MIN_SECRET_LENGTH = 4;

/**
 * The ways a secret shows up in text a provider or a server sends back: as it is, escaped
 * inside a JSON string, percent-encoded in a URL, and base64-encoded (a Basic header, say).
 */
export function secretForms(secret: string): string[] {
  const bytes = new TextEncoder().encode(secret);
  const base64 = btoa(String.fromCharCode(...bytes));
  const forms = [
    secret,
    JSON.stringify(secret).slice(1, -1),
    encodeURIComponent(secret),
    base64,
    base64.replace(/=+$/, ""),
  ];
  // Longest first, so a form that contains another is replaced whole.
  return [...new Set(forms)].filter((form) => form.length >= MIN_SECRET_LENGTH)
    .sort((a, b) => b.length - a.length);
}

/**
 * Replaces every form of every secret in `text`. Apply it to text already decoded (a message
 * read out of a JSON body), since decoding can turn an escaped form back into the secret.
 *
 * @example
 * ```ts
 * import { equal } from "node:assert/strict";
 * import { redact } from "./redact.ts";
 * equal(redact("bad key sk-ABC", ["sk-ABC"]), "bad key [the key]");
 * equal(redact(JSON.stringify({ error: 'bad key sk-"x' }), ['sk-"x']), '{"error":"bad key [the key]"}');
 * equal(redact("?key=sk%2Fx", ["sk/x"]), "?key=[the key]");
 * ```
 */
export function redact(text: string, secrets: readonly string[]): string {
  let result = text;
  for (const secret of secrets) {
    if (secret.length < MIN_SECRET_LENGTH) continue;
    for (const form of secretForms(secret)) result = result.split(form).join(REDACTED);
  }
  return result;
}
