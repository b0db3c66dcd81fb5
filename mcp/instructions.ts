/**
 * What the server tells a client when it connects: the rules of AGENTS.md in a paragraph, for
 * clients that show a server's instructions to the model.
 */
export const INSTRUCTIONS: string = [
  "digline answers one question: did the system get worse than the run a person approved?",
  "Run a suite with run, then gate it with compare; read explain before acting on a verdict.",
  "Every result carries exit_code: 0 not worse (or done), 1 worse, 2 could not be judged,",
  "64 refused (the request was wrong; the text says what and where), 70 a failure digline did not",
  "anticipate (not a verdict). There is no promote tool: never approve your own baseline, never",
  "edit anything under .digline/ or operator.toml. To get a run approved, give a person the run",
  'id, the explain facts and the command `digline promote RUN --because "..."`. See AGENTS.md.',
].join(" ");

/**
 * The instructions for a server started with these command grants: with any, a `command` target
 * runs a program outside Deno's permissions, which could write an approval, and the server says so
 * rather than let the missing promote tool pass for a wall.
 */
export function instructionsFor(commands: readonly string[]): string {
  if (commands.length === 0) return INSTRUCTIONS;
  return `${INSTRUCTIONS} THE PROMOTE WALL IS UNENFORCED on this server: it was started with --allow-command ${
    commands.join(",")
  }, so a suite's command target runs a program outside Deno's permissions, and that program could write an approval. Review what such a target runs.`;
}
