import { isJudgeAssertion } from "../../core/suite/assertions/builtin.ts";
import type { Suite } from "../../core/suite/suite.ts";
import { KEY_VARIABLES } from "../process/secrets.ts";
import { SuiteLoadError } from "../process/refusals.ts";
import { ungrantedUserEnv } from "../user_code/worker_target.ts";
import type { Locate } from "./locate.ts";

/**
 * Under `digline mcp`, refuses a suite whose `env` names a variable the person launching the
 * server did not grant (`--user-env`), at that name: an agent writes the suite, so it does not
 * choose what the system it wrote may read. Elsewhere the system reads what the command may.
 */
export function refuseUngrantedUserEnv(suite: Suite, locate: Locate): void {
  const target = suite.target;
  if (target.kind !== "module" && target.kind !== "function") return;
  const declared = target.env ?? [];
  const ungranted = ungrantedUserEnv(declared);
  if (ungranted === undefined) return;
  const [name] = ungranted.names;
  const keys = new Set([
    ...KEY_VARIABLES,
    ...suite.assertions.flatMap((a) =>
      isJudgeAssertion(a) && a.judge.api_key_env !== undefined ? [a.judge.api_key_env] : []
    ),
  ]);
  const holds = keys.has(name) ? ", which holds an API key this server reads," : "";
  const grant = [...ungranted.granted, ...ungranted.names].join(",");
  throw new SuiteLoadError(
    `the system may not read ${name}${holds} under this MCP server: a suite's env names only ` +
      "variables the person launching the server granted, and they did not grant it; remove " +
      `it from env, or ask them to launch \`digline mcp --user-env ${grant}\``,
    locate(["target", "env", declared.indexOf(name)]),
  );
}
