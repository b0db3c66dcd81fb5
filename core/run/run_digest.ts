import { canonicalJson, sha256Hex } from "../digest.ts";
import type { RunDocument } from "./run_document.ts";

const digests = new WeakMap<RunDocument, string>();

/**
 * The digest that binds evidence to the run document it was made from: SHA-256 of its canonical
 * JSON, so two reads of the same document agree whatever the key order or indentation. A
 * re-check records it, and compare uses the re-check only for the document it read (ADR 0081).
 */
export function runDocumentDigest(run: RunDocument): string {
  let digest = digests.get(run);
  if (digest === undefined) {
    digest = sha256Hex(canonicalJson(run));
    digests.set(run, digest);
  }
  return digest;
}
