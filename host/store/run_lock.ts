import { join } from "node:path";
import { RunLockedError } from "../process/refusals.ts";
import type { RunStore } from "./store.ts";
import { translateWriteError } from "../files/write_failure.ts";
import type { LockOwner } from "./run_lock_owner.ts";
import { documentKind, plainDocument } from "../../core/documents/read_document.ts";

/** A lock's owner; one its generated validator refuses is unreadable, and needs no schema. */
export const LOCK_OWNER = documentKind<LockOwner>("LockOwner", {
  schema: async () => (await import("./run_lock_schema.ts")).LockOwnerSchema,
});

/** Where a suite's run lock lives: beside its journal. */
export function runLockPath(store: RunStore, suite: string): string {
  return join(store.tenantDir, "work", `${suite}.lock`);
}

/** A lock this process holds; release it when the run has stored its document or failed. */
export interface RunLock {
  readonly path: string;
  release(): Promise<void>;
}

/** How many times a lock left by a dead process, or one being written, is looked at again. */
const ATTEMPTS = 5;

/**
 * Takes the lock of one suite in one store, so one process at a time runs (and journals) it.
 * A lock held by a live process is refused naming its pid, host and start; a lock whose process
 * is gone (same host, no such pid) is taken over. Readers never take it.
 */
export async function acquireRunLock(path: string, options: { now: Date }): Promise<RunLock> {
  const owner: LockOwner = {
    pid: Deno.pid,
    host: hostName(),
    started_at: options.now.toISOString(),
  };
  const text = JSON.stringify(owner) + "\n";
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    try {
      await Deno.mkdir(join(path, ".."), { recursive: true });
      await Deno.writeTextFile(path, text, { createNew: true });
      return { path, release: () => releaseIfOurs(path, text) };
    } catch (error) {
      if (!(error instanceof Deno.errors.AlreadyExists)) throw translateWriteError(error, { path });
    }
    const held = await readOwner(path);
    if (held === "gone") continue;
    if (held === "unreadable") {
      // Another process is between creating the file and writing it: look again shortly.
      await new Promise((resolve) => setTimeout(resolve, 50));
      if (attempt < ATTEMPTS - 2) continue;
      throw new RunLockedError(path, { owner: undefined });
    }
    if (isAlive(held.owner, owner.host)) throw new RunLockedError(path, { owner: held.owner });
    await takeOverStale(path, held.text);
  }
  throw new RunLockedError(path, { owner: undefined });
}

async function readOwner(
  path: string,
): Promise<{ owner: LockOwner; text: string } | "gone" | "unreadable"> {
  let text: string;
  try {
    text = await Deno.readTextFile(path);
  } catch (error) {
    if (error instanceof Deno.errors.NotFound) return "gone";
    throw translateWriteError(error, { path });
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return "unreadable";
  }
  const owner = plainDocument(LOCK_OWNER, value);
  return owner === undefined ? "unreadable" : { owner, text };
}

/**
 * Moves a dead process's lock aside under a name of our own, then checks it is the one we read:
 * if another process took it over in between, theirs is put back.
 */
async function takeOverStale(path: string, staleText: string): Promise<void> {
  const aside = `${path}.stale-${crypto.randomUUID()}`;
  try {
    await Deno.rename(path, aside);
  } catch (error) {
    if (error instanceof Deno.errors.NotFound) return;
    throw translateWriteError(error, { path });
  }
  const moved = await Deno.readTextFile(aside).catch(() => "");
  if (moved === staleText) {
    await Deno.remove(aside).catch(() => {});
    return;
  }
  await Deno.rename(aside, path).catch(() => {});
}

async function releaseIfOurs(path: string, text: string): Promise<void> {
  const now = await Deno.readTextFile(path).catch(() => undefined);
  if (now === text) await Deno.remove(path).catch(() => {});
}

/**
 * Whether a lock's process may still be running. Only a process on this host can be asked; a
 * signal that does not exist for the pid (ESRCH) says it is gone. SIGWINCH is ignored by
 * default, so asking changes nothing for a process that is there.
 */
function isAlive(owner: LockOwner, thisHost: string): boolean {
  if (owner.host !== thisHost) return true;
  if (owner.pid === Deno.pid) return true;
  try {
    Deno.kill(owner.pid, "SIGWINCH");
    return true;
  } catch (error) {
    return !(error instanceof Deno.errors.NotFound);
  }
}

function hostName(): string {
  try {
    return Deno.hostname();
  } catch {
    // Without --allow-sys the kernel's own file still names the host.
  }
  try {
    return Deno.readTextFileSync("/etc/hostname").trim() || "unknown";
  } catch {
    return "unknown";
  }
}
