/**
 * Writes the import map the installed command runs with in a project (ADR 0114): the bare entries
 * of the project's deno.json (or of the import map file it names), with nothing that could name
 * one of digline's own modules. A config that turns on an unstable feature which changes how
 * every module runs is refused, since `--import-map` can override the map but not that list.
 *
 * @module
 */
import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { RefusalError } from "../../core/errors.ts";
import { JsoncSyntaxError, parseJsonc } from "../../core/project_config/jsonc.ts";
import type { ProjectConfig } from "../../core/project_config/project_config_schema.ts";
import { steeringFeatures, userImportMap } from "../../core/project_config/user_import_map.ts";
import { documentKind, parseDocument } from "../../core/documents/read_document.ts";
import { writeFileAtomic } from "../files/atomic_write.ts";

/** A project's deno.json (or the import map it names) the installed command can not run with. */
export class ProjectConfigError extends RefusalError {
  readonly file: string;
  constructor(file: string, message: string) {
    super(`${file}: ${message}`);
    this.file = file;
  }
}

/** Reads and checks one JSON(C) file of the project's: its config, or an import map it names. */
async function readConfig(file: string): Promise<ProjectConfig> {
  let text: string;
  try {
    text = await Deno.readTextFile(file);
  } catch (error) {
    throw new ProjectConfigError(file, `could not be read (${(error as Error).message})`);
  }
  let value: unknown;
  try {
    value = parseJsonc(text);
  } catch (error) {
    if (!(error instanceof JsoncSyntaxError)) throw error;
    throw new ProjectConfigError(
      `${file}:${error.line}`,
      `not valid JSON (${error.message}); fix it, as Deno would refuse it too`,
    );
  }
  const parsed = await parseDocument(PROJECT_CONFIG, value);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const key = issue?.path.map(String).join(".") ?? "";
    throw new ProjectConfigError(
      file,
      `${key === "" ? "the file" : `"${key}"`} is not what Deno reads there (${
        issue?.message ?? "not an object"
      }); fix it`,
    );
  }
  return parsed.data;
}

/** A deno.json; its schema (and zod) load only for one its generated validator refuses. */
export const PROJECT_CONFIG = documentKind<ProjectConfig>("ProjectConfig", {
  schema: async () =>
    (await import("../../core/project_config/project_config_schema.ts")).ProjectConfigSchema,
});

/** Refuses a config whose `unstable` list would change how digline's own code runs. */
function refuseSteering(file: string, config: ProjectConfig): void {
  const steering = steeringFeatures(config.unstable ?? []);
  if (steering.length === 0) return;
  throw new ProjectConfigError(
    file,
    `"unstable" turns on ${
      steering.map((feature) => `"${feature}"`).join(", ")
    }, which would change how digline's own code runs in the same process; remove ${
      steering.length === 1 ? "it" : "them"
    } from the list to run digline in this project`,
  );
}

/**
 * Every config above `folder` that declares a workspace, which Deno may read as the root of the
 * one the shim passes. Each is taken as a root, whether or not it lists that folder: the shim's
 * key covers every config above, so this list is read again whenever one changes.
 */
async function workspaceRoots(folder: string): Promise<{ file: string; config: ProjectConfig }[]> {
  const roots: { file: string; config: ProjectConfig }[] = [];
  for (let above = dirname(folder);; above = dirname(above)) {
    for (const name of ["deno.json", "deno.jsonc"]) {
      const file = join(above, name);
      const exists = await Deno.stat(file).then((stat) => stat.isFile, () => false);
      if (!exists) continue;
      const config = await readConfig(file);
      if ("workspace" in config) roots.push({ file, config });
    }
    if (dirname(above) === above) return roots;
  }
}

/**
 * Writes the user code's import map for the project config `config` to `output`. A map read from
 * another file (an `importMap` the config names), whose changes the config's digest does not
 * show, gets a marker beside it, `OUTPUT.volatile`, and the command builds it again at each start.
 */
export async function writeUserImportMap(
  options: { config: string; output: string },
): Promise<void> {
  const config = await readConfig(options.config);
  refuseSteering(options.config, config);
  // A workspace root above the config applies its own "unstable" list to the whole process.
  for (const root of await workspaceRoots(dirname(options.config))) {
    refuseSteering(root.file, root.config);
  }
  let source: ProjectConfig = config;
  let base = pathToFileURL(options.config).href;
  // Deno reads the file `importMap` names only when the config has no map of its own.
  const named = config.imports === undefined && config.scopes === undefined
    ? config.importMap
    : undefined;
  if (named !== undefined) {
    const url = new URL(named, base);
    if (url.protocol !== "file:") {
      throw new ProjectConfigError(
        options.config,
        `"importMap" names ${named}, not a local file; copy its entries into "imports"`,
      );
    }
    const file = fileURLToPath(url);
    source = await readConfig(file);
    base = url.href;
  }
  const map = userImportMap(source, { base });
  // Written first, so a map is never read without the marker that says to build it again.
  const marker = `${options.output}.volatile`;
  if (named === undefined) await Deno.remove(marker).catch(() => {});
  else await writeFileAtomic(marker, "");
  await writeFileAtomic(options.output, JSON.stringify(map, null, 2) + "\n");
}
