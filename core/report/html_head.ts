import { escapeHtml } from "./escape_html.ts";

/** The page forbids every fetch, so it shows the same thing offline and leaks nothing. */
const CONTENT_SECURITY_POLICY =
  "default-src 'none'; style-src 'unsafe-inline'; script-src 'unsafe-inline'; img-src data:";

/**
 * The start of a self-contained page, through its `<head>`: the policy that forbids every fetch,
 * the phone's viewport, which digline command wrote it, its title and its inline style.
 *
 * @example
 * ```ts
 * import { ok } from "node:assert/strict";
 * ok(htmlHead({ generator: "digline report", title: "a<b", css: "" }).includes("a&lt;b"));
 * ```
 */
export function htmlHead(page: { generator: string; title: string; css: string }): string {
  return [
    "<!doctype html>",
    `<html lang="en"><head><meta charset="utf-8">`,
    `<meta name="viewport" content="width=device-width, initial-scale=1">`,
    `<meta http-equiv="Content-Security-Policy" content="${CONTENT_SECURITY_POLICY}">`,
    `<meta name="generator" content="${escapeHtml(page.generator)}">`,
    `<title>${escapeHtml(page.title)}</title>`,
    `<style>${page.css}</style></head>`,
  ].join("\n");
}
