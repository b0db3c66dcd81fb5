/**
 * What the server tells a client when it connects: the rules of AGENTS.md in a paragraph, for
 * clients that show a server's instructions to the model.
 */
export const INSTRUCTIONS = [
  "digline answers one question: did the system get worse than the run a person approved?",
  "Run a suite with run, then gate it with compare; read explain before acting on a verdict.",
  "Every result carries exit_code: 0 not worse (or done), 1 worse, 2 could not be judged,",
  "64 refused (the request was wrong; the text says what and where), 70 a failure digline did not",
  "anticipate (not a verdict). There is no promote tool: never approve your own baseline, never",
  "edit anything under .digline/ or operator.toml. To get a run approved, give a person the run",
  'id, the explain facts and the command `digline promote RUN --because "..."`. See AGENTS.md.',
].join(" ");
