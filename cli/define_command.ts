import {
  type CommandSpecBase,
  declareCommand,
  type OptionDeclarations,
  type ParsedCommandLine,
} from "../host/process/command_line.ts";
import type { Io } from "./io.ts";

/** The options every command accepts. */
export const COMMON_OPTIONS = {
  tenant: {
    type: "string",
    default: "default",
    value: "NAME",
    help: "the store namespace (default: default)",
  },
  store: {
    type: "string",
    default: ".digline",
    value: "DIR",
    help: "the store directory (default: .digline)",
  },
  json: { type: "boolean", default: false, help: "print the result as JSON" },
  help: { type: "boolean", short: "h", default: false, help: "show this help" },
} as const satisfies OptionDeclarations;

/** What a command's code receives: its command line, parsed by its declaration. */
export type CommandInput<O extends OptionDeclarations> = ParsedCommandLine<
  O & typeof COMMON_OPTIONS
>;

/** What a command does: the module under cli/actions/ that cli/main.ts loads for it. */
export interface CommandAction<O extends OptionDeclarations> {
  /** Runs the command and returns its exit code; refusals are thrown, never printed here. */
  execute(input: CommandInput<O>, io: Io): Promise<number>;
}

/** What a command declares: everything but the program and the common options. */
export type CommandSpec<O extends OptionDeclarations> = CommandSpecBase<O, typeof COMMON_OPTIONS>;

/**
 * One CLI command as its file under cli/commands/ declares it: its name, its help and how its
 * arguments parse. It names no code, so an action may take its input type from it and the
 * declaration and its action never import each other.
 */
export interface CommandDeclaration<O extends OptionDeclarations = OptionDeclarations> {
  name: string;
  /** One line for `digline --help`. */
  summary: string;
  /** The full `--help` text, made from the declaration. */
  help: string;
  /** The command's own options (the common ones are added to every command). */
  options: O;
  /** Parses the arguments by the declaration; a wrong one is a UsageError. */
  parse(args: string[]): CommandInput<O>;
}

/** One CLI command: its declaration, with its code to run. */
export interface Command<O extends OptionDeclarations = OptionDeclarations> {
  name: string;
  /** One line for `digline --help`. */
  summary: string;
  /** The full `--help` text, made from the declaration. */
  help: string;
  /** The command's own options (the common ones are added to every command). */
  options: O;
  /** Parses the arguments by the declaration, loads the command's code and runs it. */
  run(args: string[], io: Io): Promise<number>;
}

/** Declares a command once: its parsing and its `--help` both come from `spec`. */
export function defineCommand<O extends OptionDeclarations>(
  spec: CommandSpec<O>,
): CommandDeclaration<O> {
  const declared = declareCommand({ program: "digline", common: COMMON_OPTIONS, spec });
  return {
    name: spec.name,
    summary: spec.summary,
    help: declared.help,
    options: spec.options,
    parse: (args) => declared.parse(args),
  };
}

/**
 * A declared command with its code: `load` imports the action only when the command runs, so
 * `digline --help` and every other command load none of it.
 */
export function withAction<O extends OptionDeclarations>(
  declaration: CommandDeclaration<O>,
  load: () => Promise<CommandAction<O>>,
): Command<O> {
  return {
    name: declaration.name,
    summary: declaration.summary,
    help: declaration.help,
    options: declaration.options,
    async run(args, io) {
      const input = declaration.parse(args);
      return await (await load()).execute(input, io);
    },
  };
}
