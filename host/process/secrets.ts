/**
 * The one place text is scrubbed of the keys in play before it leaves the process: a stored
 * document, a journal line, stderr and stdout, an MCP result. The keys in play are those read
 * for a suite (registered as they are read) and the key variables the digline task may read.
 *
 * @module
 */
import { redact } from "../../core/redact.ts";

/** The key variables the `digline` task's --allow-env names, read when this process may. */
export const KEY_VARIABLES: readonly string[] = [
  "OPENAI_API_KEY",
  "ANTHROPIC_API_KEY",
  "AZURE_OPENAI_API_KEY",
];

const registered = new Set<string>();
let fromEnvironment: string[] | undefined;
// Asked for on every string that leaves: worked out once, again only when a key is registered.
let inPlay: string[] | undefined;

/** Adds a key this process read (a suite's `api_key_env`), so every later scrub knows it. */
export function registerSecret(value: string): void {
  if (registered.has(value)) return;
  registered.add(value);
  inPlay = undefined;
}

/** Every key this process knows of: the registered ones and the key variables it may read. */
export function secretsInPlay(): string[] {
  if (inPlay !== undefined) return inPlay;
  fromEnvironment ??= KEY_VARIABLES.flatMap((variable) => {
    try {
      // Asked first, so a process without the grant is not prompted (or refused) for it.
      if (Deno.permissions.querySync({ name: "env", variable }).state !== "granted") return [];
      const value = Deno.env.get(variable)?.trim();
      return value === undefined || value === "" ? [] : [value];
    } catch {
      return [];
    }
  });
  inPlay = [...new Set([...registered, ...fromEnvironment])];
  return inPlay;
}

/**
 * Text with every form of every key in play replaced (see core/redact.ts): encoded, escaped,
 * split, or a run of 12 of its characters. Each key's forms are worked out once.
 */
export function scrub(text: string): string {
  const secrets = secretsInPlay();
  return secrets.length === 0 ? text : redact(text, secrets);
}

/**
 * JSON.stringify with every string value scrubbed after it is decoded, so a key quoted back
 * inside an output (escaped, percent-encoded, base64) is caught in the form it has as text.
 */
export function scrubbedJson(value: unknown, space?: number): string {
  const secrets = secretsInPlay();
  if (secrets.length === 0) return JSON.stringify(value, null, space);
  return JSON.stringify(
    value,
    (_key, item) => (typeof item === "string" ? redact(item, secrets) : item),
    space,
  );
}

/** A copy of a JSON value with every string scrubbed. */
export function scrubbedValue<T>(value: T): T {
  return secretsInPlay().length === 0 ? value : JSON.parse(scrubbedJson(value));
}
