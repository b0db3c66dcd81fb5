import { baseUrlOf, type ModelConnection } from "../../core/model/connection.ts";
import { PROVIDERS } from "../../core/model/providers/mod.ts";
import { isJudgeAssertion } from "../../core/suite/assertions/builtin.ts";
import type { Suite } from "../../core/suite/suite.ts";
import { type KeyDestination, keyHostProblem } from "../models/key_hosts.ts";
import { SuiteLoadError } from "../process/refusals.ts";
import type { Locate } from "./locate.ts";
import type { KeyPath } from "./toml_locator.ts";

/**
 * Refuses a suite that binds a key to a host neither its provider owns nor the launch granted,
 * at the key that names the host, when it loads: every command that runs or re-grades it
 * (run, compare --confirm, rejudge, their MCP tools, the operator) refuses it the same way,
 * before any call is made.
 */
export function refuseUngrantedKeyHosts(suite: Suite, locate: Locate): void {
  for (const { path, destination } of keyDestinations(suite)) {
    const problem = keyHostProblem(destination);
    if (problem !== undefined) throw new SuiteLoadError(problem, locate(path));
  }
}

/** Each key the suite sends somewhere, and the key path that says where. */
function keyDestinations(suite: Suite): { path: KeyPath; destination: KeyDestination }[] {
  const found: { path: KeyPath; destination: KeyDestination }[] = [];
  const target = suite.target;
  if (target.kind === "provider") {
    const destination = modelDestination(target.connection);
    if (destination !== undefined) found.push({ path: ["target", "base_url"], destination });
  } else if (target.kind === "http" && target.api_key_env !== undefined) {
    found.push({
      path: ["target", "http"],
      destination: { variable: target.api_key_env, url: target.url },
    });
  }
  suite.assertions.forEach((assertion, index) => {
    if (!isJudgeAssertion(assertion)) return;
    const destination = modelDestination(assertion.judge);
    if (destination !== undefined) {
      found.push({ path: ["assertions", index, "base_url"], destination });
    }
  });
  return found;
}

function modelDestination(connection: ModelConnection): KeyDestination | undefined {
  if (connection.api_key_env === undefined || connection.base_url === undefined) return undefined;
  return {
    variable: connection.api_key_env,
    url: baseUrlOf(connection),
    ownUrl: PROVIDERS[connection.provider].defaultBaseUrl,
  };
}
