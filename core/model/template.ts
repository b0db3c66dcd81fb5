import { DiglineError } from "../errors.ts";
import type { JsonObject, JsonValue } from "../json.ts";

// `{{name}}` or `{{a.b}}`, spaces allowed inside the braces. Anything else in braces is text.
const PLACEHOLDER = /\{\{\s*([A-Za-z_][A-Za-z0-9_-]*(?:\.[A-Za-z0-9_-]+)*)\s*\}\}/g;

/** A template names a field its values do not have. */
export class TemplateFieldError extends DiglineError {
  readonly field: string;
  constructor(field: string, options: { available?: readonly string[] } = {}) {
    const have = options.available === undefined
      ? ""
      : options.available.length === 0
      ? " (there are none)"
      : ` (there are ${options.available.map((n) => `"${n}"`).join(", ")})`;
    super(`The prompt template names {{${field}}}, which has no value here${have}`);
    this.field = field;
  }
}

/**
 * The fields a template names, each once, in the order they first appear.
 *
 * @example
 * ```ts
 * import { deepStrictEqual as assertEquals } from "node:assert/strict";
 * assertEquals(templateFields("Q: {{question}} ({{ lang }}) {{question}}"), ["question", "lang"]);
 * ```
 */
export function templateFields(template: string): string[] {
  return [...new Set([...template.matchAll(PLACEHOLDER)].map((m) => m[1]))];
}

/**
 * Fills a template: each `{{field}}` becomes `lookup(field)`; a field the lookup does not
 * know throws TemplateFieldError rather than sending a prompt with a hole in it.
 */
export function renderTemplate(
  template: string,
  lookup: (field: string) => string | undefined,
): string {
  return template.replace(PLACEHOLDER, (_whole, field: string) => {
    const value = lookup(field);
    if (value === undefined) throw new TemplateFieldError(field);
    return value;
  });
}

/** A value as a prompt shows it: text as it is, anything else as compact JSON. */
export function promptText(value: JsonValue): string {
  return typeof value === "string" ? value : JSON.stringify(value);
}

/**
 * Looks a dotted field up in a case's vars: `{{question}}`, or `{{user.name}}` inside an
 * object var. Undefined when a step is missing.
 */
export function varLookup(vars: JsonObject): (field: string) => string | undefined {
  return (field) => {
    let value: JsonValue | undefined = vars;
    for (const step of field.split(".")) {
      if (value === null || typeof value !== "object" || Array.isArray(value)) return undefined;
      if (!Object.hasOwn(value, step)) return undefined;
      value = (value as JsonObject)[step];
    }
    return value === undefined ? undefined : promptText(value);
  };
}
