import { join, relative } from "node:path";
import { sha256Hex } from "../../core/digest.ts";
import type { ProbeResult } from "../../core/operator/cycle.ts";
import type { RunStore } from "../store/store.ts";
import { startUserCode } from "../user_code/worker_target.ts";
import type { Lockdown } from "./lockdown.ts";

/**
 * The digest of everything that makes a suite's approval: every file under its baselines
 * folder (the approvals and the approved runs' copies), by path and content. Recorded when the
 * cycle starts and compared before it decides, so an approval changed while the cycle ran is
 * seen rather than obeyed (ADR 0085).
 */
export async function approvalDigest(store: RunStore, suite: string): Promise<string> {
  const root = store.baselinesDir(suite);
  const lines: string[] = [];
  const walk = async (dir: string) => {
    let entries: Deno.DirEntry[];
    try {
      entries = [...Deno.readDirSync(dir)];
    } catch (error) {
      if (error instanceof Deno.errors.NotFound) return;
      throw error;
    }
    for (const entry of entries) {
      const path = join(dir, entry.name);
      if (entry.isDirectory) await walk(path);
      else {
        const bytes = await Deno.readFile(path);
        const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", bytes));
        const hex = [...digest].map((b) => b.toString(16).padStart(2, "0")).join("");
        lines.push(`${relative(root, path)}\0${entry.isSymlink ? "link" : hex}`);
      }
    }
  };
  await walk(root);
  return sha256Hex(lines.sort().join("\n")).slice(0, 16);
}

/** The approval as it was when the cycle began, against the one on disk now. */
export async function probeApprovalDigest(
  store: RunStore,
  options: { suite: string; atStart: string },
): Promise<ProbeResult> {
  const wall = "approval-digest" as const;
  const now = await approvalDigest(store, options.suite).catch(() => "(unreadable)");
  return now === options.atStart
    ? {
      wall,
      outcome: "matches",
      detail: `the approval of ${options.suite} is ${now}, as when the cycle began`,
    }
    : {
      wall,
      outcome: "moved",
      detail:
        `the approval of ${options.suite} was ${options.atStart} when the cycle began and is ${now} now: it changed while the cycle ran`,
    };
}

// What the system under test is made of, tried as it would be: a module in the Worker every
// system runs in, writing a marker into the approvals folder and renaming the tenant around it.
const ATTEMPT = `export function attempt(paths) {
  const tried = [];
  try {
    Deno.mkdirSync(paths.folder, { recursive: true });
    Deno.writeTextFileSync(paths.marker, "probe");
    tried.push("wrote");
  } catch (error) {
    tried.push("refused (" + error.name + ")");
  }
  try {
    Deno.renameSync(paths.tenant, paths.moved);
    Deno.renameSync(paths.moved, paths.tenant);
    tried.push("renamed");
  } catch (error) {
    tried.push("refused (" + error.name + ")");
  }
  return tried;
}`;

/**
 * Whether the approval can be changed from inside the cycle: the system under test runs in a
 * Worker that may write nothing, which the probe asks to write an approval as a system would.
 * A command target is a program Deno's permissions do not bind: then `unenforced`.
 */
export async function probeApprovalWrite(
  store: RunStore,
  options: { suite: string; lockdown: Lockdown },
): Promise<ProbeResult> {
  const wall = "approval-write" as const;
  if (options.lockdown.command !== null) {
    return {
      wall,
      outcome: "unenforced",
      detail:
        `the suite's command target runs ${options.lockdown.command}, a program Deno's permissions do not bind: it can write the approval`,
    };
  }
  const folder = join(store.baselinesDir(options.suite), ".approval-probe");
  const paths = {
    folder,
    marker: join(folder, "marker"),
    tenant: store.tenantDir,
    moved: `${store.tenantDir}.approval-probe`,
  };
  let tried: string[];
  try {
    const url = `data:text/javascript,${encodeURIComponent(ATTEMPT)}`;
    const { worker, opened } = await startUserCode(url, {
      pick: { export: "attempt" },
      env: [],
      loadTimeoutMs: 10_000,
      onTimeout: () => new Error("the probe's Worker did not start"),
    });
    try {
      if (opened.kind !== "opened") throw new Error(`the probe's Worker answered ${opened.kind}`);
      tried = await new Promise<string[]>((resolve) => {
        worker.onmessage = (event) => resolve(JSON.parse(event.data.output ?? "[]"));
        worker.postMessage({ kind: "call", id: 0, vars: paths });
      });
    } finally {
      worker.terminate();
    }
  } catch (error) {
    return {
      wall,
      outcome: "inconclusive",
      detail: `the probe could not ask a system's Worker (${(error as Error).message})`,
    };
  } finally {
    await Deno.remove(folder, { recursive: true }).catch(() => {});
  }
  const through = tried.filter((t) => !t.startsWith("refused"));
  return through.length > 0
    ? {
      wall,
      outcome: "unenforced",
      detail: `a system under test ${through.join(" and ")} in the approvals' store`,
    }
    : {
      wall,
      outcome: "enforced",
      detail: `a system under test was refused writing an approval and renaming the tenant: ${
        tried.join(", ")
      }`,
    };
}
