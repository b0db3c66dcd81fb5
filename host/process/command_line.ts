/**
 * A command of a front end (the CLI, the operator) declared once: its options with their help
 * lines, its usage, summary and description. Its `--help` text and its argument parsing are both
 * made from that one declaration, so they can not disagree.
 *
 * @module
 */
import { parseArgs, type ParseArgsConfig } from "node:util";
import { UsageError } from "./refusals.ts";
import { didYouMean } from "./did_you_mean.ts";

/** One option: how node:util parses it, and its line in `--help`. */
export interface OptionDeclaration {
  type: "string" | "boolean";
  /** A string option that may be given more than once; its values come in order. */
  multiple?: boolean;
  short?: string;
  default?: string | boolean;
  /** The placeholder of a string option's value in `--help`: NAME, FILE, K. */
  value?: string;
  /** What the option does, one line for `--help`. */
  help: string;
}

/** A command's options by name, the common ones included. */
export type OptionDeclarations = Readonly<Record<string, OptionDeclaration>>;

/** The parsed values: a string for a string option with a default, else string or undefined. */
export type OptionValues<O extends OptionDeclarations> = {
  [K in keyof O]: O[K]["type"] extends "string"
    ? O[K] extends { multiple: true } ? string[] | undefined
    : (O[K]["default"] extends string ? string : string | undefined)
    : boolean;
};

/** What a command is, apart from what it does. */
export interface CommandDeclaration<O extends OptionDeclarations> {
  /** The program the user types: digline, operator. */
  program: string;
  name: string;
  /** One line for the program's `--help`. */
  summary: string;
  /** What follows `usage: PROGRAM` in the command's `--help`, such as `run SUITE [options]`. */
  usage: string;
  /** The paragraphs of the command's `--help`, before its options. */
  description: readonly string[];
  options: O;
  /** How many positional arguments it takes. */
  positionals: { min: number; max: number };
  /** Lines after the options, such as the exit codes. */
  footer?: readonly string[];
}

/** A command line parsed by its declaration. */
export interface ParsedCommandLine<O extends OptionDeclarations> {
  values: OptionValues<O>;
  positionals: string[];
}

/** The command's `--help` text, made from its declaration. */
export function commandHelp<O extends OptionDeclarations>(command: CommandDeclaration<O>): string {
  const labels = Object.entries(command.options).map(([name, option]) =>
    [
      `${option.short === undefined ? "" : `-${option.short}, `}--${name}${
        option.type === "string" ? ` ${option.value ?? "VALUE"}` : ""
      }`,
      option.help,
    ] as const
  );
  const width = Math.max(...labels.map(([label]) => label.length)) + 2;
  return [
    `usage: ${command.program} ${command.usage}`,
    "",
    ...command.description,
    "",
    "options:",
    ...labels.map(([label, help]) => `  ${label.padEnd(width)}${help}`),
    ...(command.footer === undefined ? [] : ["", ...command.footer]),
  ].join("\n");
}

/** Parses a command's arguments by its declaration, turning node:util's errors into refusals. */
export function parseCommandLine<O extends OptionDeclarations>(
  command: CommandDeclaration<O>,
  args: string[],
): ParsedCommandLine<O> {
  const see = `(see ${command.program} ${command.name} --help)`;
  const options: ParseArgsConfig["options"] = {};
  for (const [name, option] of Object.entries(command.options)) {
    options[name] = {
      type: option.type,
      ...(option.multiple === true ? { multiple: true } : {}),
      ...(option.short === undefined ? {} : { short: option.short }),
      ...(option.default === undefined ? {} : { default: option.default }),
    } as NonNullable<ParseArgsConfig["options"]>[string];
  }
  let parsed: { values: Record<string, unknown>; positionals: string[] };
  try {
    parsed = parseArgs({ args, options, allowPositionals: true, strict: true });
  } catch (error) {
    const unknown = /^Unknown option '(--?[^']+)'/.exec((error as Error).message)?.[1];
    if (unknown !== undefined) {
      const guess = didYouMean(
        unknown.replace(/^--?/, "").split("=")[0],
        Object.keys(command.options),
      );
      throw new UsageError(
        `${command.name}: unknown option ${unknown}${
          guess === undefined ? "" : `: did you mean --${guess}?`
        } ${see}`,
      );
    }
    const ambiguous = /^Option '(--?[^']+)' argument is ambiguous/.exec((error as Error).message)
      ?.[1];
    if (ambiguous !== undefined) {
      throw new UsageError(
        `${command.name}: ${ambiguous} needs a value, and a value that starts with a dash is written ${ambiguous}=VALUE ${see}`,
      );
    }
    // parseArgs explains itself over several lines; a refusal is one.
    const said = (error as Error).message.split("\n")[0].replace(/\.$/, "");
    throw new UsageError(`${command.name}: ${said} ${see}`);
  }
  const n = parsed.positionals.length;
  const { min, max } = command.positionals;
  if (n < min || n > max) {
    const wanted = min === max ? `${min}` : `${min} to ${max}`;
    throw new UsageError(
      `${command.name}: expected ${wanted} argument${wanted === "1" ? "" : "s"}, got ${n} ${see}`,
    );
  }
  return { values: parsed.values as OptionValues<O>, positionals: parsed.positionals };
}

/** A command's declaration under a program, without the program and the options all its commands take. */
export type CommandSpecBase<O extends OptionDeclarations, C extends OptionDeclarations> =
  & Omit<CommandDeclaration<O & C>, "program" | "options">
  & { options: O };

/** A command declared under a program: its `--help` text and its parser, both from one declaration. */
export interface DeclaredCommand<O extends OptionDeclarations> {
  help: string;
  parse(args: string[]): ParsedCommandLine<O>;
}

/**
 * Declares one command of `program`, adding the options every command of that program accepts,
 * so the CLI and the operator build their commands the same way.
 */
export function declareCommand<O extends OptionDeclarations, C extends OptionDeclarations>(
  options: { program: string; common: C; spec: CommandSpecBase<O, C> },
): DeclaredCommand<O & C> {
  const declaration: CommandDeclaration<O & C> = {
    ...options.spec,
    program: options.program,
    options: { ...options.spec.options, ...options.common },
  };
  return {
    help: commandHelp(declaration),
    parse: (args) => parseCommandLine(declaration, args),
  };
}
