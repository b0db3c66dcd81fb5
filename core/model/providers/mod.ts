import { ANTHROPIC } from "./anthropic.ts";
import { OPENAI } from "./openai.ts";
import type { WireFormat } from "./wire_format.ts";

/**
 * Every provider a suite may name, by the name it writes (`provider = "openai"`). Adding one is
 * its file in this folder and its line here: the schema's list of names, the request, the reply,
 * the connection's rules, its defaults and its pacing all come from this table.
 */
export const PROVIDERS = {
  openai: OPENAI,
  anthropic: ANTHROPIC,
} as const satisfies Record<string, WireFormat>;

/** A wire format's name, as a suite writes it. */
export type Provider = keyof typeof PROVIDERS;

/** The providers' names, in the order the schema lists them. */
export const PROVIDER_NAMES = Object.keys(PROVIDERS) as [Provider, ...Provider[]];
