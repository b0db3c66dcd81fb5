import { escapeHtml } from "../report/escape_html.ts";
import { REPORT_CSS } from "../report/html_assets.ts";
import { htmlHead } from "../report/html_head.ts";
import { linkTo, type SitePage } from "./site_paths.ts";
import { VIEWER_CSS } from "./viewer_assets.ts";

/** What one page of the site is made of. */
export interface PageParts {
  /** The page itself, for its links. */
  at: SitePage;
  title: string;
  /** Already escaped HTML. */
  body: string;
  /** An inline script, when the page filters or sorts. */
  script?: string;
  /** The page's own style, after the site's. */
  css?: string;
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
    htmlHead({
      generator: "digline serve",
      title: `${parts.title} · digline`,
      css: REPORT_CSS + VIEWER_CSS + (parts.css ?? ""),
    }),
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
