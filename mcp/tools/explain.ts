import { CompareDocumentSchema } from "../../core/documents/mod.ts";
import { defineTool } from "../tool.ts";
import { READ_ONLY } from "./_shared.ts";
import { compareOrExplain, GATE_EXIT_CODES, GATE_INPUT } from "./compare_or_explain.ts";

/** `explain`: the facts behind compare's verdict, as `digline explain --json`. */
export const explainTool = defineTool({
  name: "explain",
  title: "The facts behind the verdict",
  description: [
    "Every fact behind compare's verdict, in a closed vocabulary (regression, figure-worse,",
    "unjudged, figure-missing, case-added, check-removed, config-changed, improvement, ...):",
    "document.facts, document.causes (the facts that forced a 1 or a 2) and document.lines (one",
    "printed line per fact). It takes the same arguments as compare and gates like it.",
    `${GATE_EXIT_CODES} Read it before changing anything in response to a verdict, and quote it`,
    "when you ask a person to promote a run. document is what `digline explain --json` prints.",
  ].join(" "),
  input: GATE_INPUT,
  document: CompareDocumentSchema,
  annotations: READ_ONLY,
  call: (args, context) => compareOrExplain(args, { context, kind: "explain" }),
});
