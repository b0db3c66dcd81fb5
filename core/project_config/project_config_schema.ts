import { z } from "zod";

const SpecifierMapSchema = z.record(z.string(), z.string());

/**
 * What the installed command reads of a project's deno.json (or deno.jsonc), and of an import
 * map file it names: the source of its generated validator (ADR 0077, 0114). Every other key is
 * Deno's to read and is let through.
 */
export const ProjectConfigSchema = z.looseObject({
  imports: SpecifierMapSchema.optional(),
  scopes: z.record(z.string(), SpecifierMapSchema).optional(),
  importMap: z.string().optional(),
  unstable: z.array(z.string()).optional(),
});

/** A project's deno.json, as far as the installed command reads it. */
export type ProjectConfig = z.infer<typeof ProjectConfigSchema>;
