import { type Command, withAction } from "./define_command.ts";
import { compareCommand } from "./commands/compare.ts";
import { diffCommand } from "./commands/diff.ts";
import { explainCommand } from "./commands/explain.ts";
import { initCommand } from "./commands/init.ts";
import { listCommand } from "./commands/list.ts";
import { logCommand } from "./commands/log.ts";
import { mcpCommand } from "./commands/mcp.ts";
import { mergeCommand } from "./commands/merge.ts";
import { promoteCommand } from "./commands/promote.ts";
import { rejudgeCommand } from "./commands/rejudge.ts";
import { reportCommand } from "./commands/report.ts";
import { runCommand } from "./commands/run.ts";
import { serveCommand } from "./commands/serve.ts";
import { siteCommand } from "./commands/site.ts";
import { verifyCommand } from "./commands/verify.ts";
import { viewCommand } from "./commands/view.ts";
import { EXIT_INTERRUPTED, EXIT_REFUSED } from "../host/process/exit_codes.ts";
import { reportFailure } from "./failure.ts";
import { didYouMean } from "../host/process/did_you_mean.ts";
import { type Io, processIo } from "./io.ts";

/**
 * Every command, in the order `digline --help` lists them: its declaration, and its code, which is
 * imported only when that command runs (see withAction), so start-up stays small.
 */
export const COMMANDS: readonly Command[] = [
  withAction(runCommand, () => import("./actions/run.ts")),
  withAction(mergeCommand, () => import("./actions/merge.ts")),
  withAction(listCommand, () => import("./actions/list.ts")),
  withAction(viewCommand, () => import("./actions/view.ts")),
  withAction(logCommand, () => import("./actions/log.ts")),
  withAction(promoteCommand, () => import("./actions/promote.ts")),
  withAction(compareCommand, () => import("./actions/compare.ts")),
  withAction(explainCommand, () => import("./actions/explain.ts")),
  withAction(reportCommand, () => import("./actions/report.ts")),
  withAction(diffCommand, () => import("./actions/diff.ts")),
  withAction(serveCommand, () => import("./actions/serve.ts")),
  withAction(siteCommand, () => import("./actions/site.ts")),
  withAction(verifyCommand, () => import("./actions/verify.ts")),
  withAction(rejudgeCommand, () => import("./actions/rejudge.ts")),
  withAction(mcpCommand, () => import("./actions/mcp.ts")),
  withAction(initCommand, () => import("./actions/init.ts")),
];

/** The version printed by `digline --version`. */
export const VERSION = "0.1.0";

function usage(): string {
  const width = Math.max(...COMMANDS.map((c) => c.name.length));
  return [
    "digline: did the system get worse than what somebody approved?",
    "",
    "usage: digline COMMAND [options]      (digline COMMAND --help for each)",
    "",
    "commands:",
    ...COMMANDS.map((c) => `  ${c.name.padEnd(width)}  ${c.summary}`),
    "",
    "exit codes: 0 not worse / done · 1 worse · 2 could not be judged · 64 refused ·",
    "            70 a failure digline did not anticipate",
  ].join("\n");
}

/** Runs the CLI on the given arguments and returns the exit code; never calls Deno.exit. */
export async function main(args: string[], io: Io = processIo()): Promise<number> {
  const [name, ...rest] = args;
  if (name === undefined) {
    io.err(usage() + "\n");
    return EXIT_REFUSED;
  }
  if (name === "--help" || name === "-h" || name === "help") {
    io.out(usage() + "\n");
    return 0;
  }
  if (name === "--version") {
    io.out(`digline ${VERSION}\n`);
    return 0;
  }
  const command = COMMANDS.find((c) => c.name === name);
  if (command === undefined) {
    const guess = didYouMean(name, COMMANDS.map((c) => c.name));
    io.err(
      `digline: unknown command "${name}": ${
        guess === undefined ? "" : `did you mean ${guess}? `
      }the commands are ${COMMANDS.map((c) => c.name).join(", ")}\n`,
    );
    return EXIT_REFUSED;
  }
  if (rest.includes("--help") || rest.includes("-h")) {
    io.out(command.help + "\n");
    return 0;
  }
  try {
    return await command.run(rest, io);
  } catch (error) {
    return reportFailure(error, io);
  }
}

/** Runs the CLI as this process: Deno.args in, the exit code out, Ctrl-C answered. */
export async function runAsProcess(): Promise<never> {
  // Held now: while a suite module loads, Deno.exit is a refusal, and Ctrl-C must still exit.
  const exit = Deno.exit;
  Deno.addSignalListener("SIGINT", () => {
    // One line, so a person sees why it stopped and a log says it was not a verdict.
    Deno.stderr.writeSync(
      new TextEncoder().encode(
        `\ndigline: interrupted (Ctrl-C), exit ${EXIT_INTERRUPTED}: not a verdict\n`,
      ),
    );
    exit(EXIT_INTERRUPTED);
  });
  Deno.exit(await main(Deno.args));
}

if (import.meta.main) await runAsProcess();
