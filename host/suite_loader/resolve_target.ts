import { isAbsolute, relative, resolve, sep } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { MODEL_CONNECTION_KEYS, type ModelConnection } from "../../core/model/connection.ts";
import type { RunSettings, TargetSpec, TargetTable } from "../../core/suite/target_spec.ts";
import { repositoryRoot } from "../git/repository_root.ts";
import type { ParsedTarget } from "./target_schema.ts";

/**
 * Turns a validated target into what the driver calls. Paths are read from the suite's folder,
 * so a suite runs the same from any working directory: a command runs there unless `cwd` says
 * otherwise, and a module becomes an absolute file URL.
 */
export function resolveTarget(
  parsed: ParsedTarget,
  options: { dir: string },
): { target: TargetSpec; settings: RunSettings } {
  if (parsed.form === "function") {
    return {
      target: {
        kind: "function",
        name: parsed.name,
        fn: parsed.fn,
        ...(parsed.env === undefined ? {} : { env: parsed.env }),
      },
      settings: parsed.settings,
    };
  }
  const table = parsed.table;
  const settings = settingsOf(table);
  if ("command" in table) {
    return {
      target: {
        kind: "command",
        command: table.command,
        cwd: resolve(options.dir, table.cwd ?? "."),
      },
      settings,
    };
  }
  if ("module" in table) {
    const module = moduleUrl(table.module, options.dir);
    return {
      target: {
        kind: "module",
        module,
        name: moduleName(module, options.dir),
        export: table.export,
        ...(table.env === undefined ? {} : { env: table.env }),
      },
      settings,
    };
  }
  if ("provider" in table) {
    const connection = Object.fromEntries(
      Object.entries(table).filter(([key]) => MODEL_CONNECTION_KEYS.includes(key)),
    ) as unknown as ModelConnection;
    return { target: { kind: "provider", connection, prompt: table.prompt }, settings };
  }
  const target: TargetSpec = { kind: "http", url: table.http, headers: table.headers };
  if (table.field !== undefined) target.field = table.field;
  if (table.api_key_env !== undefined) target.api_key_env = table.api_key_env;
  if (table.api_key_header !== undefined) target.api_key_header = table.api_key_header;
  return { target, settings };
}

/** A module path or URL as an absolute URL; a drive letter such as C:\ is a path, not a scheme. */
function moduleUrl(module: string, dir: string): string {
  if (/^[a-z][a-z0-9+.-]*:/i.test(module) && !/^[a-z]:[\\/]/i.test(module)) return module;
  return pathToFileURL(isAbsolute(module) ? module : resolve(dir, module)).href;
}

/**
 * How a run names a module target: a file by its path from the root of the git repository that
 * holds the suite (from the folder digline runs in, outside one), with `/` between folders, so the
 * run a developer approves and the one CI makes name the same target wherever each checkout sits
 * (ADR 0118). Any other URL is its own name; a file that no relative path reaches (another drive)
 * keeps its URL.
 */
function moduleName(url: string, suiteDir: string): string {
  if (!url.startsWith("file:")) return url;
  const path = fileURLToPath(url);
  const root = repositoryRoot(suiteDir) ?? workingFolder();
  if (root === undefined) return url;
  const from = relative(root, path);
  return isAbsolute(from) ? url : from.split(sep).join("/");
}

function workingFolder(): string | undefined {
  try {
    return Deno.cwd();
  } catch {
    return undefined;
  }
}

/**
 * The run settings a validated target table carries beside its kind's keys, in the schema's
 * order; the generated validator (or the schema) has filled in their defaults.
 */
function settingsOf(table: TargetTable): RunSettings {
  const { timeout_ms, concurrency, retries, backoff_ms, repeats } = table;
  return { timeout_ms, concurrency, retries, backoff_ms, repeats };
}
