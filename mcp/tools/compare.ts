import { CompareDocumentSchema } from "../../core/documents/mod.ts";
import { defineTool } from "../tool.ts";
import { READ_ONLY } from "./_shared.ts";
import { compareOrExplain, GATE_EXIT_CODES, GATE_INPUT } from "./compare_or_explain.ts";

/** `compare`: the gate, as `digline compare --json`. */
export const compareTool = defineTool({
  name: "compare",
  title: "Gate a run against its approved baseline",
  description: [
    "The gate: did the system get worse than what a person approved? Compares a run (by default",
    "the suite's latest) with the suite's approved baseline, cases by id, checks by assertion and",
    "figures by name. document.headline is the one-line reading, document.causes the facts that",
    `forced a 1 or a 2. ${GATE_EXIT_CODES}`,
    "Call explain before acting on a 1 or a 2. A suite with no approved baseline is refused",
    "(exit_code 64): only a person can approve one, with the CLI.",
    "document is what `digline compare --json` prints.",
  ].join(" "),
  input: GATE_INPUT,
  document: CompareDocumentSchema,
  annotations: READ_ONLY,
  call: (args, context) => compareOrExplain(args, { context, kind: "compare" }),
});
