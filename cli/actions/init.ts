import { initProject } from "../../host/init/init_project.ts";
import { SUITE_PATH } from "../../host/init/scaffold_files.ts";
import { initInGrantedProcess, initMayWrite } from "../../host/init/write_grant.ts";
import type { InitInput } from "../commands/init.ts";
import type { Io } from "../io.ts";
import { printJson } from "./_shared.ts";

/** What `digline init` does; its declaration is cli/commands/init.ts. */
export async function execute({ values }: InitInput, io: Io): Promise<number> {
  if (!initMayWrite()) return await initInGrantedProcess(Deno.args.slice(1));
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
      "then commit the approval (.digline/.gitignore keeps only approvals and the runs they cite):",
      "  git add .digline && git commit",
      "",
    ].join("\n"),
  );
  return 0;
}
