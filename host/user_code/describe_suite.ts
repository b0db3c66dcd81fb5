import { SuiteExitError, SuiteLoadError } from "../process/refusals.ts";
import { SUITE_DEFINITION } from "../../core/suite/define_suite.ts";
import { FUNCTION_MARKER } from "./worker_source.ts";
import { rebuiltError, startUserCode, userEnv } from "./worker_target.ts";

/** What a suite module exported, as data, with its functions standing in place. */
export type DescribedSuite =
  | { kind: "suite"; definition: Record<string, unknown> }
  | { kind: "missing"; exports: string[]; present: boolean }
  | { kind: "too-deep"; path: (string | number)[] };

/**
 * Imports a suite module in a Worker that can not write a file and reads its `suite` export
 * back as data (ADR 0083): its top level runs there, never in a process that may write the
 * store. Each function it holds (its target, its checks) comes back as a stand-in that says
 * where it runs if called; the target is called in a Worker of its own, the checks in the check
 * sandbox, both by place. An error raised while it loads is thrown rebuilt, with its stack.
 */
export async function describeSuiteModule(
  url: string,
  options: { source: string; loadTimeoutMs: number },
): Promise<DescribedSuite> {
  const limit = options.loadTimeoutMs;
  // The top level reads no variable where the suite's declared ones are all it may read: they
  // are known only once the top level has run.
  const { worker, opened } = await startUserCode(url, {
    pick: "describe",
    env: userEnv(undefined),
    loadTimeoutMs: limit,
    onTimeout: () =>
      new SuiteLoadError(
        `the module did not finish loading within ${limit} ms (a top-level await that never ` +
          "settles?); make its top level finish, or set DIGLINE_LOAD_TIMEOUT_MS to wait longer",
        { file: options.source },
      ),
  });
  worker.terminate();
  if (opened.kind === "failed") {
    if (opened.error.exitCode !== undefined) {
      // The Worker's frames, so the refusal can name the suite's line that called Deno.exit.
      const exit = new SuiteExitError(opened.error.exitCode);
      const frames = opened.error.stack.split("\n").filter((line) => /^\s+at /.test(line));
      exit.stack = [`${exit.name}: ${exit.message}`, ...frames].join("\n");
      throw exit;
    }
    throw rebuiltError(opened.error);
  }
  if (opened.kind !== "described") throw new Error(`the suite's Worker answered ${opened.kind}`);
  if (opened.tooDeep !== undefined) return { kind: "too-deep", path: opened.tooDeep };
  if (opened.suite === undefined) {
    return { kind: "missing", exports: opened.exports, present: opened.present };
  }
  const definition = revived(opened.suite) as Record<string, unknown>;
  return { kind: "suite", definition: { ...definition, [SUITE_DEFINITION]: true } };
}

/** The data with each function marker replaced by a stand-in of the same name. */
function revived(value: unknown, seen = new Map<object, unknown>()): unknown {
  if (value === null || typeof value !== "object") return value;
  if (seen.has(value)) return seen.get(value);
  const record = value as Record<string, unknown>;
  if (!Array.isArray(value) && typeof record[FUNCTION_MARKER] === "string") {
    return standIn(record[FUNCTION_MARKER] as string);
  }
  const copy: Record<string, unknown> | unknown[] = Array.isArray(value) ? [] : {};
  seen.set(value, copy);
  for (const key of Object.keys(value)) {
    (copy as Record<string, unknown>)[key] = revived(record[key], seen);
  }
  return copy;
}

function standIn(name: string): () => never {
  const fn = () => {
    throw new Error(
      `${name || "this function"} belongs to the suite module, which runs in a Worker of its ` +
        "own; it is not called in digline's process",
    );
  };
  Object.defineProperty(fn, "name", { value: name });
  return fn;
}
