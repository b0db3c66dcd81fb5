import { casePage } from "../../core/viewer/case_page.ts";
import { comparisonPage } from "../../core/viewer/comparison_page.ts";
import { diffPage } from "../../core/viewer/diff_page.ts";
import { journalPage } from "../../core/viewer/journal_page.ts";
import { runPage } from "../../core/viewer/run_page.ts";
import type { SitePage } from "../../core/viewer/site_paths.ts";
import { suitePage, TABLE_RUNS } from "../../core/viewer/suite_page.ts";
import { suitesPage } from "../../core/viewer/suites_page.ts";
import { scrub } from "../process/secrets.ts";
import { NoSuchPageError, type SiteSource } from "./site_source.ts";

/** How a page is drawn: for `digline serve`, or for the folder `digline site` writes. */
export interface DrawOptions {
  /**
   * True for the exported folder: it holds only the pages its links reach, so its pages link only
   * the two-run pages of the runs a suite page lists (each against the run before it and the
   * approved run), and the two-run picker offers there only those pairs.
   */
  exported?: boolean;
}

/**
 * One page of the site as HTML. A page that names a suite or run the store does not hold is a
 * NoSuchPageError, so the server answers 404 and the exporter never writes it.
 */
export async function renderSitePage(
  source: SiteSource,
  page: SitePage,
  options: DrawOptions = {},
): Promise<string> {
  // Every page passes the one scrub, as every line the CLI prints does.
  return scrub(await drawPage(source, page, options));
}

async function drawPage(source: SiteSource, page: SitePage, options: DrawOptions): Promise<string> {
  switch (page.page) {
    case "suites":
      return suitesPage(await source.overviews(), source.store.where);
    case "journal":
      return journalPage(await source.journal(), source.store.where);
    case "run": {
      const { run, redacted, unlisted } = await source.run(page.runId);
      const { previous, approved, newer } = await source.neighbours(page.runId);
      // The folder holds the two-run pages of the runs a suite's table lists, no more: a link from
      // every run to the one before it would otherwise walk the whole store, page by page.
      const listed = !options.exported || newer < TABLE_RUNS;
      return runPage(run, {
        redacted,
        unlisted,
        where: source.store.where,
        compareWith: listed ? { previous, approved } : undefined,
      });
    }
    case "case": {
      const { run, result, redacted, unlisted } = await source.case(page.runId, page.caseId);
      return casePage(run, result, { redacted, unlisted });
    }
    case "suite":
      await knownSuite(source, page.suite);
      return suitePage(await source.history(page.suite), {
        exported: options.exported,
        where: source.store.where,
      });
    case "comparison": {
      await knownSuite(source, page.suite);
      return comparisonPage(await source.comparison(page.suite));
    }
    case "diff":
      return diffPage(await source.runsDiff(page.a, page.b), { exported: options.exported });
  }
}

async function knownSuite(source: SiteSource, suite: string): Promise<void> {
  if (!(await source.suites()).includes(suite)) {
    throw new NoSuchPageError(`no suite ${suite} in the store`);
  }
}
