import { parseArgs, type ParseArgsConfig } from "node:util";
import { join } from "node:path";
import { RunStore } from "../host/store.ts";
import type { Io } from "./io.ts";
import { UsageError } from "../host/refusals.ts";
import { didYouMean } from "./did_you_mean.ts";

/** The options every command accepts. */
export const COMMON_OPTIONS = {
  tenant: { type: "string", default: "default" },
  store: { type: "string", default: ".digline" },
  json: { type: "boolean", default: false },
  help: { type: "boolean", short: "h", default: false },
} as const satisfies ParseArgsConfig["options"];

/** Help lines for the common options, shared by every command's --help. */
export const COMMON_HELP = [
  "  --tenant NAME   the store namespace (default: default)",
  "  --store DIR     the store directory (default: .digline)",
  "  --json          print the result as JSON",
  "  -h, --help      show this help",
];

/** The values of the common options, as every command receives them. */
export interface CommonValues {
  tenant: string;
  store: string;
  json: boolean;
  help: boolean;
}

type OptionSpec = { type: "string" | "boolean"; short?: string; default?: string | boolean };

/** The parsed values of a command's own options: strings for string options, else booleans. */
export type CommandValues<O extends Record<string, OptionSpec>> =
  & CommonValues
  & {
    [K in keyof O]: O[K]["type"] extends "string"
      ? (O[K]["default"] extends string ? string : string | undefined)
      : boolean;
  };

/** Parses a command's arguments, turning node:util's errors into one-line refusals. */
export function parseCommandArgs<O extends Record<string, OptionSpec>>(
  args: string[],
  options: { command: string; options: O; positionals: { min: number; max: number } },
): { values: CommandValues<O>; positionals: string[] } {
  let parsed: { values: Record<string, unknown>; positionals: string[] };
  const known = { ...COMMON_OPTIONS, ...options.options };
  try {
    parsed = parseArgs({
      args,
      options: known as ParseArgsConfig["options"],
      allowPositionals: true,
      strict: true,
    });
  } catch (error) {
    const unknown = /^Unknown option '(--?[^']+)'/.exec((error as Error).message)?.[1];
    if (unknown !== undefined) {
      const name = unknown.replace(/^--?/, "").split("=")[0];
      const guess = didYouMean(name, Object.keys(known));
      throw new UsageError(
        `${options.command}: unknown option ${unknown}${
          guess === undefined ? "" : `: did you mean --${guess}?`
        } (see digline ${options.command} --help)`,
      );
    }
    throw new UsageError(
      `${options.command}: ${
        (error as Error).message.replace(/\.$/, "")
      } (see digline ${options.command} --help)`,
    );
  }
  const n = parsed.positionals.length;
  if (n < options.positionals.min || n > options.positionals.max) {
    const wanted = options.positionals.min === options.positionals.max
      ? `${options.positionals.min}`
      : `${options.positionals.min} to ${options.positionals.max}`;
    throw new UsageError(
      `${options.command}: expected ${wanted} argument${
        wanted === "1" ? "" : "s"
      }, got ${n} (see digline ${options.command} --help)`,
    );
  }
  return { values: parsed.values as CommandValues<O>, positionals: parsed.positionals };
}

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

/** "1 case", "2 cases": a count with its noun, singular for one. */
export function count(n: number, noun: string): string {
  return `${n} ${noun}${n === 1 ? "" : "s"}`;
}
