import { z } from "zod";
import { OUTPUT_VERSION } from "./version.ts";

/** One stored file that is damaged, or disagrees with another (a run and its index line). */
export const StoreProblemSchema = z.strictObject({
  file: z.string(),
  problem: z.string(),
});
/** One problem `verify --whole-store` found. */
export type StoreProblem = z.infer<typeof StoreProblemSchema>;

/** `digline verify --whole-store --json`: every document of a store read, and what does not hold. */
export const VerifyStoreDocumentSchema = z.strictObject({
  output_version: z.literal(OUTPUT_VERSION),
  kind: z.literal("verify-store"),
  store: z.string(),
  /** How many documents were read whole. */
  documents: z.number().int().nonnegative(),
  holds: z.boolean(),
  problems: z.array(StoreProblemSchema),
});
/** A verify --whole-store document. */
export type VerifyStoreDocument = z.infer<typeof VerifyStoreDocumentSchema>;
