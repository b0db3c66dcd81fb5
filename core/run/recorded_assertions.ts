import type { Assertion } from "../suite/assertions/assertion.ts";
import type { RunDocument } from "./run_document.ts";

/** An assertion as a run document records it. */
export type RecordedAssertion = RunDocument["assertions"][number];

/** The assertions as a run records them: identity, name, kind and canonical definition. */
export function recordedAssertions(assertions: readonly Assertion[]): RecordedAssertion[] {
  return assertions.map((a) => ({
    id: a.id,
    name: a.name,
    kind: a.kind,
    definition: a.definition,
  }));
}
