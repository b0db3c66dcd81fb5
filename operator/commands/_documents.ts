import { dirname, resolve } from "node:path";
import { type Cycle, CycleSchema } from "../../core/operator/cycle.ts";
import { type Decision, DecisionSchema } from "../../core/operator/decide.ts";
import { decisionJournalPath } from "../../host/operator/decision_journal.ts";
import { loadOperatorConfig } from "../../host/operator/load_config.ts";
import { readNamedFile } from "../../host/files/read_named_file.ts";
import { UsageError } from "../../host/process/refusals.ts";
import { RunStore } from "../../host/store/store.ts";

/** The store operator.toml names, resolved from the folder operator.toml is in. */
export async function operatorStore(configPath: string): Promise<RunStore> {
  const { config } = await loadOperatorConfig(configPath);
  return new RunStore({ root: resolve(dirname(configPath), config.store), tenant: config.tenant });
}

/** The decision journal of a suite, in the store operator.toml names. */
export async function journalFor(configPath: string, suite: string): Promise<string> {
  return decisionJournalPath(await operatorStore(configPath), suite);
}

/** A flag the command needs, or a refusal saying so. */
export function required(value: string | undefined, message: string): string {
  if (value === undefined) throw new UsageError(message);
  return value;
}

/** A cycle file the operator wrote. */
export function readCycle(path: string): Promise<Cycle> {
  return parseDocument(path, (json) => CycleSchema.parse(json));
}

/** A decision file the operator wrote. */
export function readDecision(path: string): Promise<Decision> {
  return parseDocument(path, (json) => DecisionSchema.parse(json));
}

async function parseDocument<T>(path: string, parse: (json: unknown) => T): Promise<T> {
  const text = await readNamedFile(path, { display: path, what: "operator document" });
  try {
    return parse(JSON.parse(text));
  } catch (error) {
    throw new UsageError(
      `${path}: not a valid operator document (${(error as Error).message.split("\n")[0]})`,
    );
  }
}
