import { shortDigest } from "../../core/digest.ts";
import type { Assertion } from "../../core/suite/assertions/assertion.ts";
import { localModuleGraph } from "./local_module_graph.ts";

/** Where the check sandbox finds a check whose id now covers its module graph. */
export const SANDBOX_ID = "sandbox_id";

/**
 * Every custom check of a suite module gets the module's local graph (the suite's text and
 * every local file it reaches, by path relative to the suite and content) in its definition, so
 * in its id: a helper beside the check, a constant it closes over, a module anything in the
 * suite imports, edited, is "the rules changed" as editing the check is (ADR 0112). The graph
 * is read once per load, and only when there is a custom check. The sandbox, which imports the
 * suite again and knows each check by the id customAssertion gave it, is told that one.
 */
export async function withModuleGraphs(
  assertions: readonly Assertion[],
  options: { suitePath: string },
): Promise<Assertion[]> {
  if (!assertions.some((assertion) => assertion.kind === "custom")) return [...assertions];
  const graph = shortDigest(
    (await localModuleGraph(options.suitePath)).map((file) => `${file.path}\0${file.sha256}`),
  );
  return assertions.map((assertion) => {
    if (assertion.kind !== "custom") return assertion;
    const definition = {
      ...(assertion.definition as Record<string, unknown>),
      module_graph: graph,
    };
    return {
      ...assertion,
      id: shortDigest(definition),
      definition: definition as Assertion["definition"],
      [SANDBOX_ID]: assertion.id,
    } as Assertion;
  });
}
