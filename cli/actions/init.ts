import { runningSource } from "../../host/init/digline_source.ts";
import { initProject } from "../../host/init/init_project.ts";
import { parseSource, SUITE_PATH, WORKFLOW_PATH } from "../../host/init/scaffold_files.ts";
import { initInGrantedProcess, initMayWrite } from "../../host/init/write_grant.ts";
import { UsageError } from "../../host/process/refusals.ts";
import type { InitInput } from "../commands/init.ts";
import type { Io } from "../io.ts";
import { printJson } from "./_shared.ts";

/** What `digline init` does; its declaration is cli/commands/init.ts. */
export async function execute({ values }: InitInput, io: Io): Promise<number> {
  if (values.source !== undefined && values.action !== undefined) {
    throw new UsageError("init: --source and --action both name the gate's digline; give one");
  }
  if (!initMayWrite()) {
    // The granted process can not start git: the source is found here and handed to it.
    const args = Deno.args.slice(1);
    if (values.source === undefined && values.action === undefined) {
      const found = await runningSource();
      if (found !== undefined) args.push("--source", `${found.repository}@${found.commit}`);
    }
    return await initInGrantedProcess(args);
  }
  const source = values.source === undefined ? undefined : parseSource(values.source);
  if (values.source !== undefined && source === undefined) {
    throw new UsageError(
      `init: --source ${values.source}: give OWNER/REPO@COMMIT, the commit as its full 40-character id`,
    );
  }
  const ci = values.action !== undefined || source !== undefined;
  if (values["ci-only"] && !ci) {
    throw new UsageError(
      "init --ci-only: this digline does not run from a GitHub clone, so init can not tell which " +
        "digline CI should install; give --source OWNER/REPO@COMMIT (where your digline lives) " +
        "or --action REF",
    );
  }
  const result = await initProject(".", {
    ...(values.action === undefined ? {} : { action: values.action }),
    ...(source === undefined ? {} : { source }),
    ciOnly: values["ci-only"] === true,
  });
  if (values.json) return printJson(io, { digline: "init", version: 1, ...result });
  const suiteMissing = values["ci-only"] && !(await exists(SUITE_PATH));
  // A project whose workflow is there already needs no word on how to write one.
  const sayNoCi = !ci && !(await exists(WORKFLOW_PATH));
  io.out(
    [
      ...result.written.map((path) => `wrote ${path}`),
      ...result.left.map((path) => `left  ${path}: it exists, and init never overwrites a file`),
      ...(source === undefined || !result.written.some((path) => path.startsWith(".github/"))
        ? []
        : [`  (CI installs digline from ${source.repository} at ${source.commit})`]),
      ...(!sayNoCi ? [] : [
        "no CI workflow written: this digline does not run from a GitHub clone; run init again",
        "  with --source OWNER/REPO@COMMIT (where your digline lives) or --action REF",
      ]),
      ...(suiteMissing
        ? [
          `note: the workflow gates ${SUITE_PATH}, which is not here: name your suites in its suites:`,
        ]
        : []),
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

async function exists(path: string): Promise<boolean> {
  return await Deno.lstat(path).then(() => true, () => false);
}
