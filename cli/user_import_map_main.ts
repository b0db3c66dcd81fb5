/**
 * The entry of `dist/user_import_map.js`: builds the import map the installed command runs with
 * in a project (ADR 0114). The installed command's shim starts it, with no config, when the
 * project's deno.json changed since the map was last built:
 *
 *   user_import_map.js CONFIG OUTPUT
 *
 * A config it can not run with is refused (64) in one line naming the file and what to change.
 *
 * @module
 */
import { decideFailure } from "../host/process/failure.ts";
import { INTERNAL_FAILURE_LINE } from "../host/process/exit_codes.ts";
import { UsageError } from "../host/process/refusals.ts";
import { writeUserImportMap } from "../host/project_config/user_import_map_file.ts";

async function main(args: string[]): Promise<number> {
  try {
    if (args.length !== 2) throw new UsageError("usage: user_import_map.js CONFIG OUTPUT");
    const [config, output] = args;
    await writeUserImportMap({ config, output });
    return 0;
  } catch (error) {
    const failure = decideFailure(error);
    console.error(
      failure.kind === "unexpected"
        ? `${failure.trace}\n${INTERNAL_FAILURE_LINE}`
        : `digline: ${failure.message}`,
    );
    return failure.exitCode;
  }
}

Deno.exit(await main(Deno.args));
