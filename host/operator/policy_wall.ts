import { dirname, resolve } from "node:path";
import type { ProbeResult } from "../../core/operator/cycle.ts";

/**
 * Can this process change operator.toml? It tries a write that changes nothing (the file's own
 * bytes, restored if anything got through), then looks for the ways around Deno's per-file
 * wall that were measured on Deno 2.9: a writable ancestor folder (rename it and write through
 * the new path), a symbolic or hard link, and a subprocess or FFI grant that Deno's write
 * permission does not bind. Any of them makes the wall unenforced, which is reported as what
 * it is, not as a failure.
 */
export function probePolicyWall(
  path: string,
  options: { commands?: readonly string[] } = {},
): ProbeResult {
  const file = resolve(path);
  let snapshot: Uint8Array;
  try {
    snapshot = Deno.readFileSync(file);
  } catch (error) {
    return {
      wall: "policy-write",
      outcome: "inconclusive",
      detail: `could not read ${path} to test it (${(error as Error).name})`,
    };
  }
  const routes: string[] = [];
  try {
    Deno.writeFileSync(file, snapshot);
    routes.push(`${path} itself is writable`);
  } catch (error) {
    if (
      !(error instanceof Deno.errors.NotCapable || error instanceof Deno.errors.PermissionDenied)
    ) {
      return {
        wall: "policy-write",
        outcome: "inconclusive",
        detail: `writing ${path} failed for another reason (${(error as Error).name})`,
      };
    }
  } finally {
    restore(file, snapshot);
  }
  for (let dir = dirname(file);; dir = dirname(dir)) {
    if (Deno.permissions.querySync({ name: "write", path: dir }).state === "granted") {
      routes.push(`the folder ${dir} is writable, and renaming it routes around the file's wall`);
      break;
    }
    if (dirname(dir) === dir) break;
  }
  try {
    const info = Deno.lstatSync(file);
    if (info.isSymlink) routes.push(`${path} is a symbolic link`);
    if ((info.nlink ?? 1) > 1) routes.push(`${path} has ${info.nlink} hard links`);
  } catch {
    // Read above succeeded, so a failing lstat only loses the link check; say nothing false.
  }
  if (Deno.permissions.querySync({ name: "run" }).state === "granted") {
    routes.push("--allow-run lets any subprocess write it, outside Deno's permissions");
  } else {
    const commands = new Set([...(options.commands ?? []), "sh", "bash", "git", Deno.execPath()]);
    for (const command of commands) {
      if (Deno.permissions.querySync({ name: "run", command }).state === "granted") {
        routes.push(`--allow-run=${command} lets a subprocess write it`);
      }
    }
  }
  if (Deno.permissions.querySync({ name: "ffi" }).state === "granted") {
    routes.push("--allow-ffi lets native code write it");
  }
  return routes.length === 0
    ? {
      wall: "policy-write",
      outcome: "enforced",
      detail:
        `a write to ${path} was refused, and no folder, link, subprocess or FFI grant routes around it`,
    }
    : { wall: "policy-write", outcome: "unenforced", detail: routes.join("; ") };
}

function restore(file: string, snapshot: Uint8Array): void {
  try {
    const now = Deno.readFileSync(file);
    if (now.length === snapshot.length && now.every((b, i) => b === snapshot[i])) return;
    Deno.writeFileSync(file, snapshot);
  } catch {
    // Unreadable or unwritable now means nothing got through to put back.
  }
}
