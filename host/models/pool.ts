import {
  baseUrlOf,
  DEFAULT_CIRCUIT_WINDOW_MS,
  describeModel,
  type ModelConnection,
} from "../../core/model/connection.ts";
import type { ModelRole } from "../../core/model/usage.ts";
import { PROVIDERS } from "../../core/model/providers/mod.ts";
import { readApiKey } from "./api_key.ts";
import { type KeyDestination, refuseUngrantedKeyHost } from "./key_hosts.ts";
import { Circuit, type CircuitRule } from "./circuit.ts";
import { type ModelClient, openModelClient } from "./model_client.ts";
import { type Pace, RateLimiter, realPace } from "./rate_limiter.ts";

/** The world a pool is handed; tests swap the clock and the environment. */
export interface ModelPoolOptions {
  pace?: Pace;
  /** Reads a key by its variable's name; `readApiKey` (the process environment) by default. */
  readKey?: (variable: string, options: { who: string }) => string;
  /**
   * Refuses a key bound to a host neither its provider owns nor the launch granted;
   * `refuseUngrantedKeyHost` (`DIGLINE_KEY_HOSTS`) by default.
   */
  checkKeyHost?: (destination: KeyDestination & { who: string }) => void;
  wallClock?: () => number;
}

/** Hands out model clients for one run, sharing limits and circuits per endpoint. */
export interface ModelPool {
  /**
   * A client for a connection. Reads its key now, so a missing key or permission is refused
   * before the first case is called. `who` names the user of the key in that refusal.
   */
  client(connection: ModelConnection, options: { role: ModelRole; who: string }): ModelClient;
}

/**
 * Creates the pool for one run. Connections that reach the same model at the same endpoint
 * with the same key (a target and a judge on one deployment, two judges on one model) share
 * one rate limiter and one circuit, holding the lowest limits any of them declared: the
 * provider counts their calls together, and a dead endpoint is dead for all of them.
 */
export function createModelPool(options: ModelPoolOptions = {}): ModelPool {
  const pace = options.pace ?? realPace;
  const readKey = options.readKey ?? readApiKey;
  const checkKeyHost = options.checkKeyHost ?? refuseUngrantedKeyHost;
  const keys = new Map<string, string>();
  const shared = new Map<string, { limiter: RateLimiter; circuit: Circuit }>();
  return {
    client(connection, { role, who }) {
      let key: string | undefined;
      if (connection.api_key_env !== undefined) {
        // Asked of every connection, not once per key: one key may be named by two of them.
        checkKeyHost({
          variable: connection.api_key_env,
          url: baseUrlOf(connection),
          ownUrl: PROVIDERS[connection.provider].defaultBaseUrl,
          who,
        });
        key = keys.get(connection.api_key_env) ?? readKey(connection.api_key_env, { who });
        keys.set(connection.api_key_env, key);
      }
      const endpoint = [
        connection.provider,
        baseUrlOf(connection),
        connection.model,
        connection.api_key_env ?? "",
      ].join("\u0000");
      let parts = shared.get(endpoint);
      if (parts === undefined) {
        parts = {
          limiter: new RateLimiter(connection, pace),
          circuit: new Circuit(circuitRule(connection), {
            label: describeModel(connection),
            now: () => pace.now(),
          }),
        };
        shared.set(endpoint, parts);
      } else {
        parts.limiter.tighten(connection);
        parts.circuit.tighten(circuitRule(connection));
      }
      return openModelClient(connection, {
        role,
        ...(key === undefined ? {} : { key }),
        limiter: parts.limiter,
        circuit: parts.circuit,
        ...(options.wallClock === undefined ? {} : { wallClock: options.wallClock }),
      });
    },
  };
}

function circuitRule(connection: ModelConnection): CircuitRule {
  return {
    failures: connection.circuit_failures,
    windowMs: connection.circuit_window_ms ?? DEFAULT_CIRCUIT_WINDOW_MS,
  };
}
