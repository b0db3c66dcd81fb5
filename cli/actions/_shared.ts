import { join } from "node:path";
import { RunStore } from "../../host/store.ts";
import type { Io } from "../io.ts";
import { UsageError } from "../../host/refusals.ts";

/** Opens the store the common options name. */
export function openStore(values: { store?: string; tenant?: string }): RunStore {
  const tenant = values.tenant ?? "default";
  if (!/^[A-Za-z0-9][A-Za-z0-9_.-]*$/.test(tenant)) {
    throw new UsageError(
      `--tenant ${JSON.stringify(tenant)}: a tenant name uses letters, digits and _ . - only`,
    );
  }
  return new RunStore({ root: values.store ?? join(".digline"), tenant });
}

/** Prints a result document as `--json` does everywhere, and returns exit code 0. */
export function printJson(io: Io, document: unknown): 0 {
  io.out(JSON.stringify(document, null, 2) + "\n");
  return 0;
}
