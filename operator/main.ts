/**
 * The operator: its own process, with its own narrow permissions. It asks "did it get worse?"
 * on a schedule, draws again what is ambiguous, decides under operator.toml's policy (which it
 * reads and never writes), journals the decision and writes an alert. See docs/operator.md.
 * Each command is declared once, in its own file under operator/commands/.
 *
 * @module
 */
import { scrub } from "../host/process/secrets.ts";
import { EXIT_REFUSED, INTERNAL_FAILURE_LINE } from "../host/process/exit_codes.ts";
import { decideFailure } from "../host/process/failure.ts";
import { UsageError } from "../host/process/refusals.ts";
import { refuseWritingV8Flags } from "../host/operator/v8_flags.ts";
import type { OperatorCommand } from "./command.ts";
import { cycleCommand } from "./commands/cycle.ts";
import { decideCommand } from "./commands/decide.ts";
import { dossierCommand } from "./commands/dossier.ts";
import { labelCommand } from "./commands/label.ts";
import { probeCommand } from "./commands/probe.ts";

/** Every operator command, in the order `operator --help` lists them. */
export const OPERATOR_COMMANDS: readonly OperatorCommand[] = [
  cycleCommand,
  decideCommand,
  labelCommand,
  dossierCommand,
  probeCommand,
];

function usage(): string {
  const width = Math.max(...OPERATOR_COMMANDS.map((c) => c.name.length));
  return [
    "usage: operator COMMAND [options]      (operator COMMAND --help for each)",
    "",
    "commands:",
    ...OPERATOR_COMMANDS.map((c) => `  ${c.name.padEnd(width)}  ${c.summary}`),
    "",
    "options: --config FILE (default operator.toml), --json, -h/--help",
  ].join("\n");
}

/** Runs an operator command and returns its exit code; refusals are thrown. */
export async function operatorMain(args: string[]): Promise<number> {
  const [name, ...rest] = args;
  if (name === undefined) {
    // A refusal: on stderr, where a cron log or a script looks for why it stopped.
    console.error(`operator: no command given\n\n${usage()}`);
    return EXIT_REFUSED;
  }
  if (name === "--help" || name === "-h" || name === "help") {
    console.log(usage());
    return 0;
  }
  const command = OPERATOR_COMMANDS.find((c) => c.name === name);
  if (command === undefined) {
    throw new UsageError(
      `unknown operator command "${name}"; the commands are ${
        OPERATOR_COMMANDS.map((c) => c.name).join(", ")
      }`,
    );
  }
  if (rest.includes("--help") || rest.includes("-h")) {
    console.log(command.help);
    return 0;
  }
  refuseWritingV8Flags();
  return await command.run(rest);
}

if (import.meta.main) {
  // Every line the operator prints passes the one scrub, as the CLI's do (ADR 0062): an alert
  // quotes outputs and causes, and a key in them must not reach a cron log.
  for (const stream of ["log", "error"] as const) {
    const print = console[stream];
    console[stream] = (...parts: unknown[]) =>
      print(scrub(parts.map((p) => typeof p === "string" ? p : Deno.inspect(p)).join(" ")));
  }
  let code: number;
  try {
    code = await operatorMain(Deno.args);
  } catch (error) {
    const failure = decideFailure(error);
    console.error(
      failure.kind === "unexpected"
        ? `${failure.trace}\n${INTERNAL_FAILURE_LINE}`
        : `operator: ${failure.message}`,
    );
    code = failure.exitCode;
  }
  Deno.exit(code);
}
