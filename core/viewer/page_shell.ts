import { escapeHtml } from "../report/escape_html.ts";
import { REPORT_CSS } from "../report/html_assets.ts";
import { linkTo, type SitePage } from "./site_paths.ts";
import { VIEWER_CSS } from "./viewer_assets.ts";

/** Every page forbids every fetch: the site reads nothing from the network, live or exported. */
const CONTENT_SECURITY_POLICY =
  "default-src 'none'; style-src 'unsafe-inline'; script-src 'unsafe-inline'; img-src data:";

/** What one page of the site is made of. */
export interface PageParts {
  /** The page itself, for its links. */
  at: SitePage;
  title: string;
  /** Already escaped HTML. */
  body: string;
  /** An inline script, when the page filters or sorts. */
  script?: string;
}

/**
 * A whole page of the store's site: the same style as the HTML report, a navigation bar, the
 * body, and a footer that says the page is read-only.
 */
export function sitePage(parts: PageParts): string {
  const nav = [
    navLink(parts.at, { page: "suites" }, "Suites"),
    navLink(parts.at, { page: "journal" }, "Approvals and decisions"),
  ].join("");
  return [
    "<!doctype html>",
    `<html lang="en"><head><meta charset="utf-8">`,
    `<meta name="viewport" content="width=device-width, initial-scale=1">`,
    `<meta http-equiv="Content-Security-Policy" content="${CONTENT_SECURITY_POLICY}">`,
    `<meta name="generator" content="digline serve">`,
    `<title>${escapeHtml(`${parts.title} · digline`)}</title>`,
    `<style>${REPORT_CSS}${VIEWER_CSS}</style></head>`,
    `<body><nav class="site-nav" aria-label="site"><span class="brand">digline</span>${nav}</nav>`,
    `<header><h1>${escapeHtml(parts.title)}</h1></header><main>`,
    parts.body,
    `</main><footer>Read from the store by digline; this page changes nothing and makes no `,
    `network request.</footer>`,
    parts.script === undefined ? "" : `<script>${parts.script}</script>`,
    `</body></html>`,
    "",
  ].join("\n");
}

function navLink(from: SitePage, to: SitePage, label: string): string {
  const current = from.page === to.page ? ` aria-current="page"` : "";
  return `<a href="${escapeHtml(linkTo(from, to))}"${current}>${escapeHtml(label)}</a>`;
}

/** A link to another page of the site, with escaped text. */
export function pageLink(from: SitePage, to: SitePage, text: string): string {
  return `<a href="${escapeHtml(linkTo(from, to))}">${escapeHtml(text)}</a>`;
}

/** An ISO instant as `2026-11-30 01:18:03`, in UTC. */
export function shortTime(iso: string): string {
  return iso.replace("T", " ").slice(0, 19);
}
