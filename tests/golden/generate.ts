/**
 * Rewrites the golden `--json` payloads under tests/golden/payloads/ from the fixtures. Run it
 * with `deno task golden` after a deliberate change to a document; never edit them by hand.
 *
 * @module
 */
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { goldenDocuments } from "./documents.ts";

const dir = join(dirname(fileURLToPath(import.meta.url)), "payloads");
await Deno.remove(dir, { recursive: true }).catch(() => {});
await Deno.mkdir(dir, { recursive: true });
for (const [name, text] of goldenDocuments()) await Deno.writeTextFile(join(dir, name), text);
console.log(`wrote ${goldenDocuments().size} golden payloads to ${dir}`);
