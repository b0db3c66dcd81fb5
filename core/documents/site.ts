import { z } from "zod";
import { OUTPUT_VERSION } from "./version.ts";

/** `site --json`: where the site was written and every page in it. */
export const SiteDocumentSchema = z.strictObject({
  output_version: z.literal(OUTPUT_VERSION),
  kind: z.literal("site"),
  out: z.string(),
  /** Each page's path in the folder, sorted. */
  pages: z.array(z.string()),
});
/** A site document. */
export type SiteDocument = z.infer<typeof SiteDocumentSchema>;
