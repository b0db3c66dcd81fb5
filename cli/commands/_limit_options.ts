import type { OptionDeclarations } from "../../host/process/command_line.ts";
import { DEFAULT_ROW_LIMIT } from "../../core/documents/row_limit.ts";

/** The options `list` and `log` share to say how much of a long history to print. */
export const LIMIT_OPTIONS = {
  limit: {
    type: "string",
    value: "N",
    help: `print only the newest N (default: ${DEFAULT_ROW_LIMIT})`,
  },
  all: { type: "boolean", default: false, help: "print every one" },
} as const satisfies OptionDeclarations;
