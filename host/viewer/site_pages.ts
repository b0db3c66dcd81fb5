import { casePage } from "../../core/viewer/case_page.ts";
import { journalPage } from "../../core/viewer/journal_page.ts";
import { runPage } from "../../core/viewer/run_page.ts";
import type { SitePage } from "../../core/viewer/site_paths.ts";
import { linkTo } from "../../core/viewer/site_paths.ts";
import { suitePage } from "../../core/viewer/suite_page.ts";
import { suitesPage } from "../../core/viewer/suites_page.ts";
import { scrub } from "../process/secrets.ts";
import { escapeHtml } from "../../core/report/escape_html.ts";
import { NoSuchPageError, type SiteSource } from "./site_source.ts";

/**
 * One page of the site as HTML. A page that names a suite or run the store does not hold is a
 * NoSuchPageError, so the server answers 404 and the exporter never writes it.
 */
export async function renderSitePage(source: SiteSource, page: SitePage): Promise<string> {
  // Every page passes the one scrub, as every line the CLI prints does.
  return scrub(await drawPage(source, page));
}

async function drawPage(source: SiteSource, page: SitePage): Promise<string> {
  switch (page.page) {
    case "suites":
      return suitesPage(await source.overviews(), source.store.where);
    case "journal":
      return journalPage(await source.journal(), source.store.where);
    case "run": {
      const { run, redacted, unlisted } = await source.run(page.runId);
      return runPage(run, { redacted, unlisted, where: source.store.where });
    }
    case "case": {
      const { run, result, redacted, unlisted } = await source.case(page.runId, page.caseId);
      return casePage(run, result, { redacted, unlisted });
    }
    case "suite":
      await knownSuite(source, page.suite);
      return suitePage(await source.history(page.suite), source.store.where);
    case "comparison": {
      await knownSuite(source, page.suite);
      return withSiteNav(await source.comparison(page.suite), page);
    }
  }
}

async function knownSuite(source: SiteSource, suite: string): Promise<void> {
  if (!(await source.suites()).includes(suite)) {
    throw new NoSuchPageError(`no suite ${suite} in the store`);
  }
}

/** The HTML report's page, with the site's way back to the suite and the other pages. */
function withSiteNav(report: string, page: SitePage & { page: "comparison" }): string {
  const links = [
    [linkTo(page, { page: "suites" }), "Suites"],
    [linkTo(page, { page: "suite", suite: page.suite }), `Suite ${page.suite}`],
    [linkTo(page, { page: "journal" }), "Approvals and decisions"],
  ].map(([href, text]) => `<a href="${escapeHtml(href)}">${escapeHtml(text)}</a>`).join(" · ");
  return report.replace(
    "<body>",
    `<body><nav class="site-nav" aria-label="site" style="max-width:1240px;margin:0 auto;padding:14px 24px 0">${links}</nav>`,
  );
}
