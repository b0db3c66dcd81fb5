import { DEFAULT_ROW_LIMIT } from "../../core/documents/row_limit.ts";
import { UsageError } from "../refusals.ts";

/**
 * How many rows a `list` or `log` asked for (CLI and MCP alike): `limit`, every one with `all`
 * (undefined), else the default screenful.
 */
export function rowLimitOf(
  asked: { limit?: number; all?: boolean },
  command: "list" | "log",
): number | undefined {
  if (asked.all === true && asked.limit !== undefined) {
    throw new UsageError(`${command}: --limit and --all contradict each other: give one of them`);
  }
  return asked.all === true ? undefined : asked.limit ?? DEFAULT_ROW_LIMIT;
}
