import { MAX_NESTING_DEPTH } from "./limits.ts";

/**
 * The first keys (three at most, so a refusal stays short) of a value nested deeper than
 * `limit` (objects and arrays), or undefined. It walks without recursion, so a value nested 20,000 deep is measured, not a
 * stack overflow.
 */
export function tooDeepPath(
  value: unknown,
  limit: number = MAX_NESTING_DEPTH,
): (string | number)[] | undefined {
  if (!isContainer(value)) return undefined;
  // Only objects and arrays are visited, each once, and a path is built only for the one that
  // is too deep: a suite's load walks every case, most of whose values are plain.
  const stack: Visit[] = [{ value, depth: 0, key: "", parent: null }];
  while (stack.length > 0) {
    const visit = stack.pop()!;
    if (visit.depth >= limit) return pathOf(visit).slice(0, 3);
    const current = visit.value;
    if (Array.isArray(current)) {
      for (let index = 0; index < current.length; index++) {
        const item = current[index];
        if (isContainer(item)) {
          stack.push({ value: item, depth: visit.depth + 1, key: index, parent: visit });
        }
      }
    } else {
      for (const key of Object.keys(current)) {
        const item = current[key];
        if (isContainer(item)) {
          stack.push({ value: item, depth: visit.depth + 1, key, parent: visit });
        }
      }
    }
  }
  return undefined;
}

/** An object or array on the walk, and how it was reached. */
interface Visit {
  value: Record<string, unknown> | unknown[];
  depth: number;
  key: string | number;
  parent: Visit | null;
}

function isContainer(value: unknown): value is Record<string, unknown> | unknown[] {
  return typeof value === "object" && value !== null;
}

/** The keys from the top to a visit. */
function pathOf(visit: Visit): (string | number)[] {
  const keys: (string | number)[] = [];
  for (let at: Visit | null = visit; at !== null && at.parent !== null; at = at.parent) {
    keys.push(at.key);
  }
  return keys.reverse();
}

/** The sentence a loader states for a value nested too deeply. */
export const TOO_DEEP_MESSAGE =
  `nested more than ${MAX_NESTING_DEPTH} levels deep, the most digline reads: flatten it`;
