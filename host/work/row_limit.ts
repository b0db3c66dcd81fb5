import { DEFAULT_ROW_LIMIT } from "../../core/documents/row_limit.ts";
import { UsageError } from "../process/refusals.ts";

/**
 * How many rows a `list`, `log` or `view` asked for (CLI and MCP alike): `limit`, every one
 * with `all` (undefined), else the default screenful. `view RUN` takes neither.
 */
export function rowLimitOf(
  asked: { limit?: number; all?: boolean; run?: string },
  command: "list" | "log" | "view",
): number | undefined {
  if (asked.run !== undefined && (asked.limit !== undefined || asked.all === true)) {
    throw new UsageError(
      `${command}: --limit and --all shorten the list of runs; ${command} RUN shows one run whole`,
    );
  }
  if (asked.all === true && asked.limit !== undefined) {
    throw new UsageError(`${command}: --limit and --all contradict each other: give one of them`);
  }
  return asked.all === true ? undefined : asked.limit ?? DEFAULT_ROW_LIMIT;
}
