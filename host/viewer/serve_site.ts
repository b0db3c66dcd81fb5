import { RefusalError } from "../../core/errors.ts";
import { pageOfPath } from "../../core/viewer/site_paths.ts";
import { scrub } from "../process/secrets.ts";
import { renderSitePage } from "./site_pages.ts";
import { NoSuchPageError, type SiteSource } from "./site_source.ts";

/** Where `digline serve` listens and what it tells. */
export interface ServeOptions {
  hostname: string;
  port: number;
  signal?: AbortSignal;
  /** Called once the server listens, with the URL to open. */
  onListen: (url: string) => void;
  /** Called for a page that could not be drawn, with the reason. */
  onError?: (path: string, error: unknown) => void;
}

const HEADERS = {
  "content-type": "text/html; charset=utf-8",
  "cache-control": "no-store",
  "x-content-type-options": "nosniff",
  "referrer-policy": "no-referrer",
  "x-frame-options": "DENY",
};

/**
 * Serves the store's site read-only: GET and HEAD of the site's own pages, nothing else. A path
 * is matched against the site's routes and its names looked up among the store's suites and
 * runs, never joined to a file path, so nothing outside the store can be reached. On a loopback
 * address, a request that names another host is refused, so a web page elsewhere can not read
 * the store through the browser (DNS rebinding).
 */
export async function serveSite(source: SiteSource, options: ServeOptions): Promise<void> {
  const loopback = isLoopback(options.hostname);
  // The first page is drawn once before the address is printed: the code it needs loads and the
  // store's index is read then, not while the person who opened the page waits.
  await renderSitePage(source, { page: "suites" });
  const server = Deno.serve({
    hostname: options.hostname,
    port: options.port,
    signal: options.signal,
    onListen: ({ hostname, port }) => {
      const shown = hostname.includes(":") ? `[${hostname}]` : hostname;
      options.onListen(`http://${shown}:${port}/`);
    },
  }, async (request) => {
    const url = new URL(request.url);
    if (request.method !== "GET" && request.method !== "HEAD") {
      return plain(405, "this site is read-only: only GET and HEAD are answered", {
        allow: "GET, HEAD",
      });
    }
    if (loopback && !isLoopback(hostOf(request.headers.get("host") ?? ""))) {
      return plain(421, "this server answers only requests addressed to the loopback");
    }
    const page = pageOfPath(url.pathname);
    if (page === undefined) return plain(404, `no page at ${url.pathname}`);
    try {
      const html = await renderSitePage(source.fresh(), page);
      return new Response(request.method === "HEAD" ? null : html, {
        status: 200,
        headers: HEADERS,
      });
    } catch (error) {
      if (error instanceof NoSuchPageError) return plain(404, error.message);
      options.onError?.(url.pathname, error);
      if (error instanceof RefusalError) return plain(500, error.message);
      return plain(500, "this page could not be drawn: see the server's standard error");
    }
  });
  await server.finished;
}

function plain(status: number, text: string, extra: Record<string, string> = {}): Response {
  // A refusal can quote a path or a file: it passes the one scrub, as every page does.
  return new Response(scrub(text) + "\n", {
    status,
    headers: {
      "content-type": "text/plain; charset=utf-8",
      "x-content-type-options": "nosniff",
      ...extra,
    },
  });
}

/** The host name of a Host header, without its port. */
function hostOf(header: string): string {
  if (header.startsWith("[")) return header.slice(1, header.indexOf("]"));
  return header.split(":")[0];
}

/** Whether an address or name is the loopback interface. */
export function isLoopback(hostname: string): boolean {
  return hostname === "localhost" || hostname === "::1" || /^127\.\d+\.\d+\.\d+$/.test(hostname);
}
