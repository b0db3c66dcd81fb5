/** The two answers a sentiment engine may give; the suite's `answers` check holds them to it. */
export type Polarity = "positive" | "negative";

/**
 * Returns `vars.text`, or throws a TypeError saying what is wrong with it.
 *
 * The engines are called by digline's module target with whatever a case's vars hold, so the
 * signature's `{ text: string }` is a hope, not a guarantee: a mistyped column or a case written
 * by hand must be an error verdict, not a sentence classified as "undefined".
 */
export function textOf(vars: unknown): string {
  if (typeof vars !== "object" || vars === null || Array.isArray(vars)) {
    throw new TypeError(`Cannot classify: vars must be an object, got ${describe(vars)}`);
  }
  const text = (vars as Record<string, unknown>).text;
  if (typeof text !== "string") {
    throw new TypeError(`Cannot classify: vars.text must be a string, got ${describe(text)}`);
  }
  return text;
}

function describe(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "an array";
  return typeof value;
}
