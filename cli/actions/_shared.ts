import { join } from "node:path";
import { RunStore } from "../../host/store/store.ts";
import type { Io } from "../io.ts";
import { UNLISTED, UsageError } from "../../host/process/refusals.ts";
import { rowLimitOf } from "../../host/work/row_limit.ts";
import { jsonPieces } from "../../core/json_pieces.ts";

/** Opens the store the common options name. */
export function openStore(values: { store?: string; tenant?: string }): RunStore {
  const tenant = values.tenant ?? "default";
  if (!/^[A-Za-z0-9][A-Za-z0-9_.-]*$/.test(tenant)) {
    throw new UsageError(
      `--tenant ${JSON.stringify(tenant)}: a tenant name uses letters, digits and _ . - only`,
    );
  }
  const root = values.store ?? join(".digline");
  refuseStoreFile(root);
  return new RunStore({ root, tenant });
}

/** A store named where a file stands would fail at its first read or write; say so now. */
function refuseStoreFile(root: string): void {
  let info: Deno.FileInfo;
  try {
    info = Deno.statSync(root);
  } catch {
    // Absent (created by the first write) or unreadable (refused by the first read, by name).
    return;
  }
  if (!info.isDirectory) {
    throw new UsageError(
      `--store ${JSON.stringify(root)} is a file, not a folder: name a folder (it is created ` +
        "when missing)",
    );
  }
}

/**
 * Prints a result document as `--json` does everywhere, and returns exit code 0. It goes out in
 * pieces of about 16 K: a run's summary names every case and check, and printed whole (then
 * scrubbed and encoded whole) it was the peak of a large run's memory. Pieces end between
 * members and elements, where the text is JSON's own punctuation, so no key in play is split
 * between two scrubs.
 */
export function printJson(io: Io, document: unknown): 0 {
  for (const piece of jsonPieces(document, 2)) io.out(piece);
  io.out("\n");
  return 0;
}

/** `--limit N` and `--all` as `list` and `log` read them: a whole number from 1, or every row. */
export function rowLimit(
  values: { limit?: string; all: boolean },
  command: "list" | "log" | "view",
  run?: string,
): number | undefined {
  const limit = values.limit === undefined ? undefined : wholeNumberOption(values.limit, {
    command,
    name: "limit",
    min: 1,
    max: Number.MAX_SAFE_INTEGER,
  });
  return rowLimitOf({ limit, all: values.all, run }, command);
}

/**
 * The line beside a listing a limit shortened: how many rows it left out ("older run",
 * "earlier event") and how to print them; no line when none were.
 */
export function leftOutLines(shown: number, options: { total: number; noun: string }): string[] {
  const left = options.total - shown;
  if (left <= 0) return [];
  return [
    `${
      count(left, options.noun)
    } not shown (${options.total} in all): --limit N or --all prints them`,
  ];
}

/** The mark a listing puts beside a run its suite's index does not list (ADR 0113). */
export const UNLISTED_MARK = "not written by this store";

/** The line under a listing that shows such runs: what the mark means and what it costs. */
export function unlistedLines(shown: number): string[] {
  if (shown === 0) return [];
  return [
    `${
      count(shown, "run")
    } ${UNLISTED}: never latest, and promote and rejudge refuse it; verify --whole-store lists every one`,
  ];
}

/** "1 case", "2 cases": a count with its noun, singular for one. */
export function count(n: number, noun: string): string {
  return `${n} ${noun}${n === 1 ? "" : "s"}`;
}

/** A whole-number option within bounds, or a refusal naming the command, the option and the range. */
export function wholeNumberOption(
  text: string,
  option: { command: string; name: string; min: number; max: number },
): number {
  const value = Number(text);
  if (!(Number.isInteger(value) && value >= option.min && value <= option.max)) {
    throw new UsageError(
      `${option.command}: --${option.name} takes a whole number ${
        option.max === Number.MAX_SAFE_INTEGER
          ? `of ${option.min} or more`
          : `from ${option.min} to ${option.max}`
      }, not "${text}"`,
    );
  }
  return value;
}
