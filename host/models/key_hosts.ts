/**
 * The hosts this launch lets each key reach (`DIGLINE_KEY_HOSTS`, ADR 0110), read where a key is
 * about to be bound to a URL: when a suite loads, and again where the key is read.
 *
 * @module
 */
import {
  grantsWith,
  isOwnOrigin,
  KEY_HOSTS_VARIABLE,
  type KeyHostGrants,
  parseKeyHostGrants,
  ungrantedKeyHost,
} from "../../core/model/key_hosts.ts";
import { KeyHostRefusedError, PermissionRefusedError } from "../process/refusals.ts";

/** Where a key would be sent: its variable, the URL, and the provider's own endpoint if any. */
export interface KeyDestination {
  variable: string;
  url: string;
  /** The provider's default base URL: its origin needs no grant. An http target has none. */
  ownUrl?: string;
}

/** The grants this launch set; none when the variable is unset. */
export function readKeyHostGrants(): KeyHostGrants {
  let text: string | undefined;
  try {
    text = Deno.env.get(KEY_HOSTS_VARIABLE);
  } catch (error) {
    if (error instanceof Deno.errors.NotCapable || error instanceof Deno.errors.PermissionDenied) {
      throw new PermissionRefusedError(KEY_HOSTS_VARIABLE, "env", {
        cause: error,
        context: "the hosts a key may be sent to besides its provider's",
      });
    }
    throw error;
  }
  const parsed = parseKeyHostGrants(text ?? "");
  if ("problem" in parsed) {
    throw new KeyHostRefusedError(
      `${KEY_HOSTS_VARIABLE} does not read as VAR=HOST[:PORT],...;VAR=...: ${parsed.problem}`,
    );
  }
  return parsed.grants;
}

/**
 * Why a key may not be sent where a suite says, as a sentence naming the variable, the host and
 * the grant that would allow it; undefined when it may. The grant is read only when the URL is
 * not the provider's own.
 */
export function keyHostProblem(destination: KeyDestination): string | undefined {
  if (isOwnOrigin(destination.url, destination.ownUrl)) return undefined;
  const grants = readKeyHostGrants();
  const missing = ungrantedKeyHost(destination, grants);
  if (missing === undefined) return undefined;
  const whole = grantsWith(grants, { ...missing, variable: destination.variable });
  return `the key in ${destination.variable} would be sent to ${missing.host}, which is not ` +
    "its provider's host and was not granted it (a suite does not choose where a key goes); " +
    `if that server is yours, grant it at launch: ${KEY_HOSTS_VARIABLE}="${whole}"`;
}

/** Refuses a key bound to a host nobody granted; `who` names the key's user (`judge "polite"`). */
export function refuseUngrantedKeyHost(destination: KeyDestination & { who: string }): void {
  const problem = keyHostProblem(destination);
  if (problem !== undefined) throw new KeyHostRefusedError(`${destination.who}: ${problem}`);
}
