import type { JsonValue } from "../../json.ts";

/** Whether an assertion is a custom check its author declared pure (re-applicable to outputs). */
export function isPureCustom(assertion: { kind: string; definition?: JsonValue }): boolean {
  const definition = assertion.definition;
  return assertion.kind === "custom" && typeof definition === "object" && definition !== null &&
    !Array.isArray(definition) && definition.pure === true;
}
