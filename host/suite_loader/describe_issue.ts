import type { z } from "zod";

/** One schema problem in words a suite author reads, with the path of the key it is about. */
export interface DescribedIssue {
  path: (string | number)[];
  message: string;
}

/** The keys a table may hold, so an unknown key can be answered with the one that was meant. */
export type KnownKeys = (tablePath: readonly (string | number)[]) => readonly string[] | undefined;

type Issue = z.core.$ZodIssue;

/**
 * Rewrites zod's issues for a suite author: an unknown key is named (with the key that was
 * probably meant), a missing key says it is missing, and a union that failed every branch says
 * what it expected instead of "Invalid input".
 */
export function describeIssues(
  issues: readonly Issue[],
  options: { knownKeys?: KnownKeys } = {},
): DescribedIssue[] {
  return issues.flatMap((issue) => describeIssue(issue, [], options.knownKeys));
}

function describeIssue(
  issue: Issue,
  prefix: readonly PropertyKey[],
  knownKeys: KnownKeys | undefined,
): DescribedIssue[] {
  const path = toPath([...prefix, ...issue.path]);
  switch (issue.code) {
    case "unrecognized_keys":
      return issue.keys.map((key) => ({
        path: [...path, key],
        message: `unknown key "${key}"${suggestion(key, knownKeys?.(path))}`,
      }));
    case "invalid_type":
      return [{ path, message: typeMessage(issue) }];
    case "invalid_union":
      return describeUnion(issue, path, knownKeys);
    default:
      return [{ path, message: issue.message }];
  }
}

function typeMessage(issue: z.core.$ZodIssueInvalidType): string {
  const received = receivedOf(issue);
  if (received === "undefined") return `required key is missing (expected ${issue.expected})`;
  return `expected ${issue.expected}, got ${received ?? "something else"}`;
}

function describeUnion(
  issue: z.core.$ZodIssueInvalidUnion,
  path: (string | number)[],
  knownKeys: KnownKeys | undefined,
): DescribedIssue[] {
  const branches = issue.errors;
  if (branches.length === 0) return [{ path, message: issue.message }];
  // A branch whose type matched and that failed further in is the one the author wrote.
  const matched = branches.filter((b) => !b.every(isTypeMismatch));
  if (matched.length > 0) {
    const closest = [...matched].sort((a, b) => a.length - b.length)[0];
    return closest.flatMap((inner) => describeIssue(inner, path, knownKeys));
  }
  const mismatches = branches.flat() as z.core.$ZodIssueInvalidType[];
  const wanted = orList(mismatches.map((m) => m.expected));
  const received = receivedOf(mismatches[0]);
  if (received === "undefined") {
    return [{ path, message: `required key is missing (expected ${wanted})` }];
  }
  if (received === "NaN" || received === "Infinity" || received === "-Infinity") {
    return [{ path, message: `${received} can not be written as JSON; use a finite number` }];
  }
  return [{ path, message: `expected ${wanted}, got ${received ?? "something else"}` }];
}

function isTypeMismatch(issue: Issue): boolean {
  return issue.code === "invalid_type" && issue.path.length === 0;
}

function receivedOf(issue: z.core.$ZodIssueInvalidType): string | undefined {
  return /received (.+)$/.exec(issue.message)?.[1];
}

function orList(words: readonly string[]): string {
  const unique = [...new Set(words)];
  return unique.length <= 1
    ? unique.join("")
    : `${unique.slice(0, -1).join(", ")} or ${unique.at(-1)}`;
}

function toPath(path: readonly PropertyKey[]): (string | number)[] {
  return path.map((segment) => (typeof segment === "number" ? segment : String(segment)));
}

function suggestion(key: string, known: readonly string[] | undefined): string {
  if (known === undefined || known.length === 0) return "";
  const near = known
    .map((candidate) => ({ candidate, distance: editDistance(key, candidate) }))
    .filter((c) => c.distance <= Math.max(2, Math.floor(c.candidate.length / 3)))
    .sort((a, b) => a.distance - b.distance)[0];
  if (near !== undefined) return `; did you mean "${near.candidate}"?`;
  return `; the keys here are ${known.join(", ")}`;
}

function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      current[j] = Math.min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost);
    }
    previous = current;
  }
  return previous[b.length];
}
