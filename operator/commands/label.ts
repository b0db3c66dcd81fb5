import { dirname, resolve } from "node:path";
import { systemClock } from "../../host/process/clock.ts";
import { labelDecision } from "../../host/operator/decision_journal.ts";
import { loadOperatorConfig } from "../../host/operator/load_config.ts";
import { UsageError } from "../../host/process/refusals.ts";
import { loadSuite } from "../../host/suite_loader/mod.ts";
import { defineOperatorCommand } from "../command.ts";
import { journalFor } from "./_documents.ts";

/** `operator label LINE --wanted yes|no|unsure`: was that wake-up (or silence) wanted? */
export const labelCommand = defineOperatorCommand({
  name: "label",
  summary: "record whether you wanted to be woken for a journal line (--wanted yes|no|unsure)",
  usage: "label LINE --wanted yes|no|unsure [--config FILE] [--json]",
  description: [
    "Records, against line LINE of the suite's decision journal, whether you wanted the",
    "decision it holds: to be woken, or to be left asleep.",
  ],
  options: {
    wanted: { type: "string", value: "ANSWER", help: "yes, no or unsure" },
  },
  positionals: { min: 0, max: 1 },
  async execute({ values, positionals }) {
    const line = Number(positionals[0]);
    const wanted = values.wanted;
    if (!Number.isInteger(line) || line < 1) {
      throw new UsageError("label needs a journal LINE number");
    }
    if (wanted !== "yes" && wanted !== "no" && wanted !== "unsure") {
      throw new UsageError("label needs --wanted yes, no or unsure");
    }
    const { config } = await loadOperatorConfig(values.config);
    const suite = (await loadSuite(resolve(dirname(values.config), config.suite))).suite.name;
    const journal = await journalFor(values.config, suite);
    const label = await labelDecision(journal, { line, wanted, at: systemClock.now() });
    console.log(
      values.json
        ? JSON.stringify(label)
        : `line ${line}: wanted ${wanted}, recorded in ${journal}`,
    );
    return 0;
  },
});
