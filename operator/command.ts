import {
  type CommandSpecBase,
  declareCommand,
  type OptionDeclarations,
  type ParsedCommandLine,
} from "../host/process/command_line.ts";

/** The options every operator command accepts. */
export const OPERATOR_OPTIONS = {
  config: {
    type: "string",
    default: "operator.toml",
    value: "FILE",
    help: "the operator's configuration (default: operator.toml)",
  },
  json: { type: "boolean", default: false, help: "print the result as JSON" },
  help: { type: "boolean", short: "h", default: false, help: "show this help" },
} as const satisfies OptionDeclarations;

/** One operator command: one file each under operator/commands/. */
export interface OperatorCommand {
  name: string;
  /** One line for `operator --help`. */
  summary: string;
  /** The full `--help` text, made from the declaration. */
  help: string;
  /** Parses the arguments by the declaration and runs; refusals are thrown, never printed. */
  run(args: string[]): Promise<number>;
}

/** What an operator command declares: everything but the program and the common options. */
export type OperatorCommandSpec<O extends OptionDeclarations> =
  & CommandSpecBase<O, typeof OPERATOR_OPTIONS>
  & {
    execute(input: ParsedCommandLine<O & typeof OPERATOR_OPTIONS>): Promise<number>;
  };

/** Declares an operator command once: its parsing and its `--help` both come from `spec`. */
export function defineOperatorCommand<O extends OptionDeclarations>(
  spec: OperatorCommandSpec<O>,
): OperatorCommand {
  const declared = declareCommand({ program: "operator", common: OPERATOR_OPTIONS, spec });
  return {
    name: spec.name,
    summary: spec.summary,
    help: declared.help,
    run: (args) => spec.execute(declared.parse(args)),
  };
}
