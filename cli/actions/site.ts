import { join } from "node:path";
import type { SiteDocument } from "../../core/documents/site.ts";
import { OUTPUT_VERSION } from "../../core/documents/version.ts";
import { exportSite } from "../../host/viewer/export_site.ts";
import { SiteSource } from "../../host/viewer/site_source.ts";
import type { SiteInput } from "../commands/site.ts";
import type { Io } from "../io.ts";
import { redactOption } from "./_redact.ts";
import { openStore, printJson } from "./_shared.ts";

/** What `digline site` does; its declaration is cli/commands/site.ts. */
export async function execute({ values }: SiteInput, io: Io): Promise<number> {
  const store = openStore(values);
  const out = values.out ?? join(store.root, "site");
  const source = new SiteSource(store, { redact: redactOption(values.redact, "site") });
  const site = await exportSite(source, {
    out,
    onPage: (written) => {
      if (io.errIsTerminal) io.err(`\rsite: ${written} pages written\x1b[K`);
    },
  });
  if (io.errIsTerminal) io.err("\r\x1b[K");
  if (values.json) {
    const document: SiteDocument = {
      output_version: OUTPUT_VERSION,
      kind: "site",
      out: site.out,
      pages: site.pages,
    };
    return printJson(io, document);
  }
  io.out(`${site.pages.length} pages written to ${out}; open ${join(out, "index.html")}\n`);
  return 0;
}
