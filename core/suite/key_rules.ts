import type { z } from "zod";

/**
 * A rule between two keys of one object, written once: when `key` holds one of `is` (or none of
 * `isNot`; an absent key holds none), `target` is required, or forbidden (only with the value
 * `value`, when one is given). `keyRules` makes both the zod refinement and the JSON Schema the
 * generated validator checks from it (ADR 0128), so the two can not drift apart.
 */
export type KeyRule<T> =
  & { key: keyof T & string; message: string | ((document: T) => string) }
  & ({ is: readonly unknown[] } | { isNot: readonly unknown[] })
  & (
    | { requires: keyof T & string }
    | { forbids: keyof T & string; value?: unknown }
  );

/**
 * The rules as a zod refinement (`superRefine`) and as the `.meta()` that restates it for the
 * generated validator.
 */
export function keyRules<T extends Record<string, unknown>>(rules: readonly KeyRule<T>[]): {
  refine: (document: T, ctx: z.RefinementCtx) => void;
  meta: { allOf: Record<string, unknown>[] };
} {
  return {
    refine(document, ctx) {
      for (const rule of rules) {
        if (!applies(rule, document) || !broken(rule, document)) continue;
        const message = typeof rule.message === "string" ? rule.message : rule.message(document);
        const path = ["requires" in rule ? rule.requires : rule.forbids];
        ctx.addIssue({ code: "custom", path, message });
      }
    },
    meta: { allOf: rules.map(jsonSchemaOf) },
  };
}

function applies<T extends Record<string, unknown>>(rule: KeyRule<T>, document: T): boolean {
  const value = document[rule.key];
  return "is" in rule ? rule.is.includes(value) : !rule.isNot.includes(value);
}

function broken<T extends Record<string, unknown>>(rule: KeyRule<T>, document: T): boolean {
  if ("requires" in rule) return document[rule.requires] === undefined;
  const value = document[rule.forbids];
  return value !== undefined && (!("value" in rule) || value === rule.value);
}

function jsonSchemaOf<T>(rule: KeyRule<T>): Record<string, unknown> {
  const values = "is" in rule ? rule.is : rule.isNot;
  const holds = {
    required: [rule.key],
    properties: { [rule.key]: values.length === 1 ? { const: values[0] } : { enum: values } },
  };
  const consequence = "requires" in rule ? { required: [rule.requires] } : {
    not: "value" in rule
      ? { required: [rule.forbids], properties: { [rule.forbids]: { const: rule.value } } }
      : { required: [rule.forbids] },
  };
  return "is" in rule ? { if: holds, then: consequence } : { if: holds, else: consequence };
}
