import { dirname, join, resolve } from "node:path";
import type { ProbeResult } from "../../core/operator/cycle.ts";
import { judgePolicyWall, type OsFacts, type OwnedPath } from "../../core/operator/policy_wall.ts";
import type { Lockdown } from "./lockdown.ts";
import { writingV8Flags } from "./v8_flags.ts";

/**
 * Variables that make the Deno runtime itself write files, before and beside any permission
 * check: an audit log, coverage profiles, V8's own logs, a WebGPU trace. The documented launch
 * lets the operator read exactly these, so their absence is a fact and not a guess.
 */
export const RUNTIME_WRITERS = [
  "DENO_AUDIT_PERMISSIONS",
  "DENO_COVERAGE_DIR",
  "DENO_PERMISSION_BROKER_PATH",
  "DENO_V8_FLAGS",
  "DENO_WEBGPU_TRACE",
] as const;

/** Where the policy file is, where the operator may write, and what it gave up at start. */
export interface PolicyWallOptions {
  /** The store: the operator's only write root. */
  store: string;
  lockdown: Lockdown;
}

/**
 * Can this process change operator.toml? It tries a write that changes nothing (the file's own
 * bytes, restored if anything got through), then looks for every way around Deno's per-file wall
 * measured on Deno 2.9: a writable folder above it (rename it, write through the new path), a
 * symbolic or hard link to it, a link in the store or a store that is a link, a write grant on an
 * alias of its folder, a subprocess or native code (unless revoked at start), and runtime
 * variables that make Deno write by itself. With no route, `enforced` further needs the OS to
 * refuse this identity (see core/operator/policy_wall.ts).
 */
export function probePolicyWall(path: string, options: PolicyWallOptions): ProbeResult {
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
  const unverified: string[] = [];
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
    if (writeGranted(dir)) {
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
  routes.push(...storeRoutes(options.store));
  routes.push(...aliasRoutes(file, options.store));
  routes.push(...processRoutes(options.lockdown));
  for (const name of RUNTIME_WRITERS) {
    if (Deno.permissions.querySync({ name: "env", variable: name }).state !== "granted") {
      unverified.push(`the launch does not let it read ${name} (add --allow-env=${name})`);
      continue;
    }
    const route = runtimeWriterRoute(name, Deno.env.get(name));
    if (route !== null) routes.push(route);
  }
  return judgePolicyWall({ path, routes, unverified, os: osFacts(file, resolve(options.store)) });
}

/** The route a runtime variable opens around Deno's flags, or null when its value opens none. */
export function runtimeWriterRoute(
  name: typeof RUNTIME_WRITERS[number],
  value: string | undefined,
): string | null {
  if (value === undefined || value === "") return null;
  if (name === "DENO_V8_FLAGS" && writingV8Flags(value).length === 0) return null;
  if (name === "DENO_PERMISSION_BROKER_PATH") {
    return `${name} is set, and a permission broker then answers every permission instead of the flags`;
  }
  return `${name} is set, and the runtime itself writes files for it despite --deny-write`;
}

/**
 * Symbolic links in the store, or a store that is one: Deno checks a write against the path as
 * spelled, so a link under the write root carries a write anywhere. Also used by the cycle,
 * which refuses to run in a store that holds one.
 */
export function storeLinks(store: string): string[] {
  const root = resolve(store);
  const found: string[] = [];
  try {
    if (Deno.lstatSync(root).isSymlink) return [`the store ${store} is itself a symbolic link`];
    if (Deno.realPathSync(root) !== root) {
      return [
        `the store ${store} lies under a symbolic link (its real path is ${
          Deno.realPathSync(root)
        })`,
      ];
    }
  } catch (error) {
    if (error instanceof Deno.errors.NotFound) return [];
    throw error;
  }
  const walk = (dir: string) => {
    for (const entry of Deno.readDirSync(dir)) {
      const at = join(dir, entry.name);
      if (entry.isSymlink) found.push(`${at} in the store is a symbolic link`);
      else if (entry.isDirectory) walk(at);
    }
  };
  walk(root);
  return found;
}

function storeRoutes(store: string): string[] {
  try {
    return storeLinks(store);
  } catch (error) {
    return [`the store could not be walked for links (${(error as Error).name})`];
  }
}

/**
 * Write grants on an alias of operator.toml's folder: a symbolic link beside the folder or any
 * folder above it (or above the store) that resolves to one of them, where this process may
 * write. Deno matches grants by spelling, so such a grant reaches the file its deny does not
 * name. A link elsewhere on the machine is not seen here, which is why `enforced` also needs
 * the OS to refuse this identity.
 */
function aliasRoutes(file: string, store: string): string[] {
  const guarded = new Set<string>([file]);
  for (let dir = dirname(file);; dir = dirname(dir)) {
    guarded.add(dir);
    if (dirname(dir) === dir) break;
  }
  const places = new Set<string>();
  for (const start of [dirname(file), resolve(store)]) {
    for (let dir = start;; dir = dirname(dir)) {
      places.add(dir);
      if (dirname(dir) === dir) break;
    }
  }
  const routes: string[] = [];
  for (const place of places) {
    let entries: Deno.DirEntry[];
    try {
      entries = [...Deno.readDirSync(place)];
    } catch {
      continue;
    }
    for (const entry of entries) {
      if (!entry.isSymlink) continue;
      const link = join(place, entry.name);
      let real: string;
      try {
        real = Deno.realPathSync(link);
      } catch {
        continue;
      }
      if (guarded.has(real) && writeGranted(link)) {
        routes.push(`a write grant covers ${link}, an alias of ${real}`);
      }
    }
  }
  return routes;
}

function processRoutes(lockdown: Lockdown): string[] {
  if (lockdown.command !== null) {
    return [
      `the suite's command target runs ${lockdown.command}, and a subprocess writes outside Deno's permissions`,
    ];
  }
  const routes: string[] = [];
  if (!lockdown.revoked) {
    routes.push("run was not revoked at start, so a scoped grant may remain");
  }
  if (Deno.permissions.querySync({ name: "run" }).state === "granted") {
    routes.push("--allow-run lets any subprocess write it, outside Deno's permissions");
  }
  if (Deno.permissions.querySync({ name: "ffi" }).state === "granted") {
    routes.push("--allow-ffi lets native code write it");
  }
  return routes;
}

function writeGranted(path: string): boolean {
  return Deno.permissions.querySync({ name: "write", path }).state === "granted";
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

/** Who this process is to the OS, and the owners and modes of the file and its folders. */
function osFacts(file: string, scratchDir: string): OsFacts | { unknown: string } {
  if (
    Deno.permissions.querySync({ name: "sys", kind: "uid" }).state !== "granted" ||
    Deno.permissions.querySync({ name: "sys", kind: "gid" }).state !== "granted"
  ) {
    return { unknown: "the launch does not let it ask the OS who it is (add --allow-sys=uid,gid)" };
  }
  const uid = Deno.uid();
  const gid = Deno.gid();
  if (uid === null || gid === null) return { unknown: "this OS has no user and group ids" };
  const paths: OwnedPath[] = [];
  try {
    for (let at = file;; at = dirname(at)) {
      const info = Deno.statSync(at);
      if (info.mode === null || info.uid === null || info.gid === null) {
        return { unknown: `the OS gave no owner or mode for ${at}` };
      }
      paths.push({ path: at, mode: info.mode, uid: info.uid, gid: info.gid });
      if (dirname(at) === at) break;
    }
  } catch (error) {
    return { unknown: `the owners of the folders could not be read (${(error as Error).name})` };
  }
  const listed = supplementaryGroups(uid);
  if (listed === null) return { unknown: "its supplementary groups could not be read" };
  // Every group a guarded path lets write is asked of the kernel, listed or not.
  const groupWritable = [...new Set(paths.filter((p) => (p.mode & 0o020) !== 0).map((p) => p.gid))];
  const kernel = kernelIdentity(scratchDir, { uid, gids: groupWritable });
  if (kernel === null) {
    return { unknown: "the kernel could not be asked what it lets this identity do" };
  }
  return {
    uid,
    gids: [...new Set([gid, ...listed, ...kernel.groups])],
    paths,
    capabilities: kernel.capabilities,
  };
}

/**
 * What the kernel lets this identity do, asked by doing it on a scratch file in the store (Deno
 * grants a process no read of /proc/self/status short of --allow-all): whether a file's mode
 * binds it (CAP_DAC_OVERRIDE writes a read-only file), whether it may give a file away
 * (CAP_CHOWN), and which of `gids` it is really in (a chown to a group succeeds only for a
 * member), which /etc/group need not list (a container's added group, an `sg` shell). Null when
 * the scratch file can not be made.
 */
export function kernelIdentity(
  scratchDir: string,
  options: { uid: number; gids: readonly number[] },
): { groups: number[]; capabilities: string[] } | null {
  const scratch = join(scratchDir, `.probe-identity-${crypto.randomUUID()}`);
  try {
    Deno.mkdirSync(scratchDir, { recursive: true });
    Deno.writeTextFileSync(scratch, "", { createNew: true, mode: 0o600 });
  } catch {
    return null;
  }
  try {
    const capabilities: string[] = [];
    Deno.chmodSync(scratch, 0o400);
    try {
      Deno.openSync(scratch, { write: true }).close();
      capabilities.push("CAP_DAC_OVERRIDE");
    } catch {
      // Refused by the file's mode: as it should be.
    }
    Deno.chmodSync(scratch, 0o600);
    try {
      Deno.chownSync(scratch, options.uid === 65534 ? 65533 : 65534, null);
      capabilities.push("CAP_CHOWN");
    } catch {
      // Only a process with CAP_CHOWN may give a file away.
    }
    const groups = options.gids.filter((gid) => {
      try {
        Deno.chownSync(scratch, null, gid);
        return true;
      } catch {
        return false;
      }
    });
    return { groups, capabilities };
  } catch {
    return null;
  } finally {
    try {
      Deno.removeSync(scratch);
    } catch {
      // A scratch file it can not remove holds nothing; the store's walk names it if it matters.
    }
  }
}

/** The groups /etc/group lists this user in; null when the files can not be read. */
function supplementaryGroups(uid: number): number[] | null {
  try {
    const user = Deno.readTextFileSync("/etc/passwd").split("\n").map((l) => l.split(":"))
      .find((f) => Number(f[2]) === uid)?.[0];
    if (user === undefined) return [];
    return Deno.readTextFileSync("/etc/group").split("\n").map((l) => l.split(":"))
      .filter((f) => (f[3] ?? "").split(",").includes(user)).map((f) => Number(f[2]));
  } catch {
    return null;
  }
}
