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
  const stack: { value: unknown; path: (string | number)[] }[] = [{ value, path: [] }];
  while (stack.length > 0) {
    const { value: current, path } = stack.pop()!;
    if (typeof current !== "object" || current === null) continue;
    if (path.length >= limit) return path.slice(0, 3);
    const entries: [string | number, unknown][] = Array.isArray(current)
      ? current.map((item, index) => [index, item])
      : Object.entries(current);
    for (const [key, item] of entries) stack.push({ value: item, path: [...path, key] });
  }
  return undefined;
}

/** The sentence a loader states for a value nested too deeply. */
export const TOO_DEEP_MESSAGE =
  `nested more than ${MAX_NESTING_DEPTH} levels deep, the most digline reads: flatten it`;
