import { dirname, join } from "node:path";
import { pageOfPath, pagePath, type SitePage } from "../../core/viewer/site_paths.ts";
import { refuseLinkedWrite } from "../files/no_links.ts";
import { PermissionRefusedError, UsageError } from "../process/refusals.ts";
import { renderSitePage } from "./site_pages.ts";
import { NoSuchPageError, type SiteSource } from "./site_source.ts";

/** What an export wrote. */
export interface ExportedSite {
  /** The folder, as given. */
  out: string;
  /** Every page written, by its path in the folder. */
  pages: string[];
}

/**
 * Writes the site as a folder of files that opens with no server and no network: the suites and
 * journal pages, and every page they link to, followed link by link, so no link in the folder
 * points at a page that is not there.
 */
export async function exportSite(
  source: SiteSource,
  options: { out: string; onPage?: (written: number) => void },
): Promise<ExportedSite> {
  const queue: SitePage[] = [{ page: "suites" }, { page: "journal" }];
  const seen = new Set(queue.map(pagePath));
  const written: string[] = [];
  while (queue.length > 0) {
    const page = queue.shift()!;
    let html: string;
    try {
      html = await renderSitePage(source, page, { exported: true });
    } catch (error) {
      if (error instanceof NoSuchPageError) continue;
      throw error;
    }
    const path = pagePath(page);
    await writePage(join(options.out, path), { html, folder: options.out });
    written.push(path);
    options.onPage?.(written.length);
    for (const linked of linkedPages(html, path)) {
      const key = pagePath(linked);
      if (!seen.has(key)) {
        seen.add(key);
        queue.push(linked);
      }
    }
  }
  return { out: options.out, pages: written.sort() };
}

/** The site's pages an HTML page links to, from its relative hrefs. */
function linkedPages(html: string, from: string): SitePage[] {
  const pages: SitePage[] = [];
  const base = new URL(`http://site/${from}`);
  for (const match of html.matchAll(/href="([^"#?]+)"/g)) {
    const href = match[1].replaceAll("&amp;", "&");
    if (/^[a-z]+:/i.test(href)) continue;
    const page = pageOfPath(new URL(href, base).pathname);
    if (page !== undefined) pages.push(page);
  }
  return pages;
}

async function writePage(path: string, page: { html: string; folder: string }): Promise<void> {
  refuseLinkedWrite(path);
  try {
    await Deno.mkdir(dirname(path), { recursive: true });
    await Deno.writeTextFile(path, page.html);
  } catch (error) {
    if (error instanceof Deno.errors.NotCapable) {
      throw new PermissionRefusedError(page.folder, "write", {
        cause: error,
        context: "--out",
        advice: "the command writes only under .digline/: write the site under .digline/ " +
          "(--out .digline/site) and copy or upload the folder from there; under deno run, " +
          `--allow-write=${page.folder} allows it`,
      });
    }
    if (
      error instanceof Deno.errors.PermissionDenied || error instanceof Deno.errors.NotADirectory
    ) {
      throw new UsageError(
        `Cannot write the site's page "${path}" (--out): ${
          (error as Error).message.split("\n")[0]
        }`,
        { cause: error },
      );
    }
    throw error;
  }
}
