import { RefusalError } from "../../core/errors.ts";
import { UsageError } from "../process/refusals.ts";
import { pageOfPath } from "../../core/viewer/site_paths.ts";
import { scrub } from "../process/secrets.ts";
import { renderSitePage } from "./site_pages.ts";
import { NoSuchPageError, type SiteSource } from "./site_source.ts";

/** Where `digline serve` listens and what it tells. */
export interface ServeOptions {
  hostname: string;
  /** The host names a request may be addressed to besides an IP address and localhost. */
  hostNames?: readonly string[];
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
 * runs, never joined to a file path, so nothing outside the store can be reached. On every
 * address, a request addressed to a host name the server was not given is refused, so a web page
 * elsewhere can not read the store through the browser (DNS rebinding): a page can make a browser
 * send its own name, never an IP address or localhost, which are always answered.
 */
export async function serveSite(source: SiteSource, options: ServeOptions): Promise<void> {
  const names = new Set((options.hostNames ?? []).map(canonicalName));
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
    if (!servesHost(hostOf(request.headers.get("host") ?? ""), names)) {
      return plain(
        421,
        "this server answers only requests addressed to an IP address, localhost or a name given with --allow-host-name",
      );
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

/** Whether a request's host is one this server answers: an IP address, localhost, or a given name. */
function servesHost(host: string, names: ReadonlySet<string>): boolean {
  const name = canonicalName(host);
  return name === "localhost" || isIpAddress(name) || names.has(name);
}

function isIpAddress(name: string): boolean {
  return /^\d{1,3}(?:\.\d{1,3}){3}$/.test(name) ||
    (name.includes(":") && /^[0-9a-f:.]+$/.test(name));
}

/** A host name as compared: lower case, without the trailing dot a fully qualified name may have. */
function canonicalName(name: string): string {
  return name.toLowerCase().replace(/\.$/, "");
}

/** `--allow-host-name NAME,...` read: each a DNS name, refused (64) naming the one that is not. */
export function hostNamesOption(value: string | undefined): string[] {
  if (value === undefined) return [];
  const names = value.split(",").map((n) => n.trim());
  for (const name of names) {
    if (
      !/^[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?)*\.?$/
        .test(name)
    ) {
      throw new UsageError(
        `serve: --allow-host-name ${
          JSON.stringify(name)
        }: expected host names (letters, digits, - and .), comma-separated, e.g. viewer.lan`,
      );
    }
  }
  return names;
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
