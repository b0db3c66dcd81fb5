import { commandTargetProgram } from "../targets/command_target.ts";

/** What the operator gave up at start, and the program its suite needs if it kept `run`. */
export interface Lockdown {
  /** `run` was revoked: no subprocess, by construction. `ffi` is revoked always. */
  revoked: boolean;
  /** The command target's program when the suite has one (and `run` was therefore kept). */
  command: string | null;
}

/**
 * Gives up `ffi`, and `run` unless the suite (a TOML file) names a `command` target, before any
 * suite code is loaded. Revoking drops scoped grants too (`--allow-run=python3`, `--allow-ffi=DIR`),
 * so whatever the launch granted, nothing this process runs afterwards can start a program or load
 * a library, and Deno's write permission is the only way to a file. A suite written in code is
 * itself code, so it is loaded after the revocation and can not use a command target here.
 */
export async function lockDown(suitePath: string): Promise<Lockdown> {
  const command = await commandTargetProgram(suitePath);
  Deno.permissions.revokeSync({ name: "ffi" });
  if (command !== null) return { revoked: false, command };
  Deno.permissions.revokeSync({ name: "run" });
  return { revoked: true, command: null };
}
