import { initProject } from "../../host/init/init_project.ts";
import { SUITE_PATH } from "../../host/init/scaffold_files.ts";
import { initInGrantedProcess, initMayWrite } from "../../host/init/write_grant.ts";
import type { Command } from "../command.ts";
import { parseCommandArgs, printJson } from "../options.ts";

const DEFAULT_ACTION = "digline/digline@v0.1.0";

/** `digline init`: a suite, the store's ignore rules and a CI gate, in the current folder. */
export const initCommand: Command = {
  name: "init",
  summary: "scaffolds a suite, the store's .gitignore and a CI workflow here",
  help: [
    "usage: digline init [--action OWNER/REPO@REF] [options]",
    "",
    `Writes ${SUITE_PATH} and evals/system.ts (a suite that runs as it stands), .digline/.gitignore`,
    "(runs and work files stay out of git) and .github/workflows/digline.yml (the pull-request",
    "gate). Refuses, writing nothing, when any of them exists. Then: digline run " + SUITE_PATH,
    "",
    "options:",
    `  --action REF    the workflow's uses: for digline's action (default: ${DEFAULT_ACTION})`,
    "  --json          print what was written as JSON",
    "  -h, --help      show this help",
  ].join("\n"),
  async execute(args, io) {
    const { values } = parseCommandArgs(args, {
      command: "init",
      options: { action: { type: "string", default: DEFAULT_ACTION } },
      positionals: { min: 0, max: 0 },
    });
    if (!initMayWrite()) return await initInGrantedProcess(args);
    const result = await initProject(".", { action: values.action });
    if (values.json) return printJson(io, { digline: "init", version: 1, ...result });
    io.out(
      [
        ...result.written.map((path) => `wrote ${path}`),
        "",
        "next:",
        `  digline run ${SUITE_PATH}`,
        '  digline promote latest --because "the first approved run"',
        "  digline compare",
        "",
      ].join("\n"),
    );
    return 0;
  },
};
