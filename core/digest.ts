import canonicalize from "canonicalize";
import { sha256 } from "@noble/hashes/sha2.js";
import { bytesToHex } from "@noble/hashes/utils.js";

/**
 * Serialises a value as RFC 8785 canonical JSON: sorted keys, no whitespace, so that equal
 * values give equal bytes whatever order their keys were written in.
 *
 * @example
 * ```ts
 * import { deepStrictEqual as assertEquals } from "node:assert/strict";
 * assertEquals(canonicalJson({ b: 1, a: 2 }), '{"a":2,"b":1}');
 * ```
 */
export function canonicalJson(value: unknown): string {
  const text = canonicalize(value);
  if (text === undefined) throw new TypeError("Cannot canonicalise a value that is not JSON");
  return text;
}

/** The full SHA-256 of a string, as 64 lowercase hex characters. */
export function sha256Hex(text: string): string {
  return bytesToHex(sha256(UTF8.encode(text)));
}

const UTF8 = new TextEncoder();

/** The 16-hex digest that names assertions, suites and policies: sha256 of canonical JSON. */
export function shortDigest(value: unknown): string {
  // Only the first 8 bytes are written as hex: a slice of the 64-character digest would keep
  // all of it alive for as long as the run keeps the 16 (each case's inputs digest).
  return bytesToHex(sha256(UTF8.encode(canonicalJson(value))).subarray(0, 8));
}
