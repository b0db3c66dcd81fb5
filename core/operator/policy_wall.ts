import type { ProbeResult } from "./cycle.ts";

/** One path the OS decides access to: operator.toml, then each folder above it. */
export interface OwnedPath {
  path: string;
  /** Permission bits, as `stat` gives them. */
  mode: number;
  uid: number;
  gid: number;
}

/** Who this process is to the OS, and what operator.toml and its folders are. */
export interface OsFacts {
  uid: number;
  /** The primary group and every supplementary group. */
  gids: readonly number[];
  /** operator.toml first, then each folder above it up to the root. */
  paths: readonly OwnedPath[];
  /** The effective capabilities it holds that let it write past a file's mode (CAP_DAC_OVERRIDE). */
  capabilities?: readonly string[];
}

/** What the probe found about the policy file, gathered by the host. */
export interface PolicyWallFacts {
  /** operator.toml as the user named it. */
  path: string;
  /** Each way found for this process to change the file despite Deno's flags. */
  routes: readonly string[];
  /** What could not be checked under this launch (a variable it may not read, say). */
  unverified: readonly string[];
  /** The OS facts, or why they could not be had. */
  os: OsFacts | { unknown: string };
}

/**
 * The paths this identity could write, or make writable: root can write anything, an owner can
 * change a file's mode, and otherwise the owner, group or other write bit decides. Access
 * control lists are not read, so a path they open is not seen here.
 */
export function writableByIdentity(os: OsFacts): string[] {
  if (os.uid === 0) return os.paths.map((p) => p.path);
  return os.paths.filter((p) =>
    p.uid === os.uid || (os.gids.includes(p.gid) && (p.mode & 0o020) !== 0) ||
    (p.mode & 0o002) !== 0
  ).map((p) => p.path);
}

/**
 * The policy wall's outcome: any route makes it `unenforced`; with none, `enforced` needs the OS
 * to refuse this identity too (not root, neither the file nor a folder above it writable or
 * owned by it), since Deno's flags are one wall and not the only one. Without that fact the
 * strongest answer is `inconclusive`, saying it rests on Deno's flags only.
 */
export function judgePolicyWall(facts: PolicyWallFacts): ProbeResult {
  const wall = "policy-write" as const;
  if (facts.routes.length > 0) {
    return { wall, outcome: "unenforced", detail: facts.routes.join("; ") };
  }
  const flagsHold =
    `a write to ${facts.path} was refused, and no folder, link, alias, subprocess, FFI or runtime variable routes around it`;
  if (facts.unverified.length > 0) {
    return {
      wall,
      outcome: "inconclusive",
      detail: `Deno flags only: ${flagsHold}, but ${facts.unverified.join("; ")}`,
    };
  }
  if ("unknown" in facts.os) {
    return {
      wall,
      outcome: "inconclusive",
      detail: `Deno flags only: ${flagsHold}, but ${facts.os.unknown}`,
    };
  }
  if (facts.os.uid === 0) {
    return {
      wall,
      outcome: "inconclusive",
      detail:
        `Deno flags only: ${flagsHold}, but this process runs as root, which the OS lets write anything`,
    };
  }
  const capabilities = facts.os.capabilities ?? [];
  if (capabilities.length > 0) {
    return {
      wall,
      outcome: "inconclusive",
      detail: `Deno flags only: ${flagsHold}, but this process holds ${
        capabilities.join(", ")
      }, which lets it write past a file's mode`,
    };
  }
  const open = writableByIdentity(facts.os);
  if (open.length > 0) {
    return {
      wall,
      outcome: "inconclusive",
      detail:
        `Deno flags only: ${flagsHold}, but uid ${facts.os.uid} could write or re-permission ${
          open.join(", ")
        } if the flags gave way`,
    };
  }
  return {
    wall,
    outcome: "enforced",
    detail: `${flagsHold}; and the OS refuses uid ${facts.os.uid} (groups ${
      facts.os.gids.join(",")
    }) on ${facts.path} and every folder above it`,
  };
}
