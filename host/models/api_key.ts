import { registerSecret } from "../process/secrets.ts";
import {
  ApiKeyShapeError,
  MissingApiKeyError,
  PermissionRefusedError,
} from "../process/refusals.ts";

/**
 * Reads the key a suite names by its variable. The key is read here and handed only to the
 * request's header: it is never logged, journaled or stored, and the suite never holds it.
 * A variable outside `--allow-env` is a refusal naming the flag; an unset one is a refusal too,
 * before any case is called.
 */
export function readApiKey(variable: string, options: { who: string }): string {
  let value: string | undefined;
  try {
    value = Deno.env.get(variable);
  } catch (error) {
    if (error instanceof Deno.errors.NotCapable || error instanceof Deno.errors.PermissionDenied) {
      throw new PermissionRefusedError(variable, "env", {
        cause: error,
        context: `the API key of ${options.who}`,
      });
    }
    throw error;
  }
  const key = value?.trim();
  if (key === undefined || key === "") throw new MissingApiKeyError(variable, options);
  // A key sent in a header with a newline in it, or quoted in an error, leaks; say which
  // variable is wrong, never what it holds.
  // deno-lint-ignore no-control-regex
  if (/[\s\x00-\x1f\x7f]/.test(key)) throw new ApiKeyShapeError(variable, options);
  registerSecret(key);
  return key;
}
