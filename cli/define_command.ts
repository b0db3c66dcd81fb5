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

/** What a command does: the module under cli/actions/ its declaration loads. */
export interface CommandAction<O extends OptionDeclarations> {
  /** Runs the command and returns its exit code; refusals are thrown, never printed here. */
  execute(input: CommandInput<O>, io: Io): Promise<number>;
}

/** What a command declares: everything but the program and the common options. */
export type CommandSpec<O extends OptionDeclarations> =
  & CommandSpecBase<O, typeof COMMON_OPTIONS>
  & {
    /**
     * Imports the command's code. cli/main.ts imports every declaration to list the commands,
     * so the code (host/work, the report builders, the MCP SDK) is loaded only for the
     * command that runs, and `digline --help` loads none of it.
     */
    load(): Promise<CommandAction<O>>;
  };

/** One CLI command, declared once in its file under cli/commands/. */
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
export function defineCommand<O extends OptionDeclarations>(spec: CommandSpec<O>): Command<O> {
  const declared = declareCommand({ program: "digline", common: COMMON_OPTIONS, spec });
  return {
    name: spec.name,
    summary: spec.summary,
    help: declared.help,
    options: spec.options,
    async run(args, io) {
      const input = declared.parse(args);
      return await (await spec.load()).execute(input, io);
    },
  };
}
