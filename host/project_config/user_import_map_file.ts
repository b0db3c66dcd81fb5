/**
 * Writes the import map the installed command runs with in a project (ADR 0114): the bare entries
 * of the project's deno.json (or of the import map file it names), with nothing that could name
 * one of digline's own modules. A config that turns on an unstable feature which changes how
 * every module runs is refused, since `--import-map` can override the map but not that list.
 *
 * @module
 */
import { fileURLToPath, pathToFileURL } from "node:url";
import { RefusalError } from "../../core/errors.ts";
import { JsoncSyntaxError, parseJsonc } from "../../core/project_config/jsonc.ts";
import type { ProjectConfig } from "../../core/project_config/project_config_schema.ts";
import { steeringFeatures, userImportMap } from "../../core/project_config/user_import_map.ts";
import { validateProjectConfig } from "../../core/generated/validators.js";
import { writeFileAtomic } from "../store/atomic_write.ts";

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
  if (!validateProjectConfig(value)) {
    const { ProjectConfigSchema } = await import(
      "../../core/project_config/project_config_schema.ts"
    );
    const issue = ProjectConfigSchema.safeParse(value).error?.issues[0];
    const key = issue?.path.map(String).join(".") ?? "";
    throw new ProjectConfigError(
      file,
      `${key === "" ? "the file" : `"${key}"`} is not what Deno reads there (${
        issue?.message ?? "not an object"
      }); fix it`,
    );
  }
  return value as ProjectConfig;
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
  const steering = steeringFeatures(config.unstable ?? []);
  if (steering.length > 0) {
    throw new ProjectConfigError(
      options.config,
      `"unstable" turns on ${
        steering.map((feature) => `"${feature}"`).join(", ")
      }, which would change how digline's own code runs in the same process; remove ${
        steering.length === 1 ? "it" : "them"
      } from the list to run digline in this project`,
    );
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
