import { renderDossier } from "../../core/operator/dossier.ts";
import { scrub } from "../../host/process/secrets.ts";
import { readNamedFile } from "../../host/files/read_named_file.ts";
import { defineOperatorCommand } from "../command.ts";
import { readCycle, readDecision, required } from "./_documents.ts";

/** `operator dossier --cycle FILE`: the alert for a cycle, on stdout. */
export const dossierCommand = defineOperatorCommand({
  name: "dossier",
  summary: "render the alert for a cycle file (and its decision) to stdout",
  usage: "dossier --cycle FILE [--decision FILE] [--judgment FILE]",
  description: [
    "Renders the alert a person reads for the cycle in FILE, with its decision and a",
    "judgment when given, to standard output.",
  ],
  options: {
    cycle: { type: "string", value: "FILE", help: "the cycle file" },
    decision: { type: "string", value: "FILE", help: "its decision file" },
    judgment: { type: "string", value: "FILE", help: "a person's judgment, as text" },
  },
  positionals: { min: 0, max: 0 },
  async execute({ values }) {
    const cycle = await readCycle(required(values.cycle, "dossier needs --cycle FILE"));
    const decision = values.decision === undefined ? null : await readDecision(values.decision);
    const judgment = values.judgment === undefined
      ? undefined
      : await readNamedFile(values.judgment, { display: values.judgment, what: "judgment" });
    // Written past console.log, so not through main.ts's scrub: scrubbed here.
    const dossier = scrub(renderDossier(cycle, { decision, judgment }));
    Deno.stdout.writeSync(new TextEncoder().encode(dossier));
    return 0;
  },
});
