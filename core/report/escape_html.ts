import { escapeUTF8 } from "entities";

/**
 * Text safe inside HTML or SVG, in an element or a double-quoted attribute: `& < > " '` become
 * entities, and control characters that XML forbids are dropped.
 *
 * @example
 * ```ts
 * import { deepStrictEqual as assertEquals } from "node:assert/strict";
 * assertEquals(escapeHtml(`<script>"x"</script>`), "&lt;script&gt;&quot;x&quot;&lt;/script&gt;");
 * ```
 */
export function escapeHtml(text: string): string {
  // deno-lint-ignore no-control-regex
  return escapeUTF8(text.replace(/[\x00-\x08\x0b\x0c\x0e-\x1f\x7f]/g, ""));
}
