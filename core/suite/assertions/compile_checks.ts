import type { z } from "zod";

/**
 * A regex pattern is compiled when the suite loads, so a pattern that can not compile is refused
 * at its key instead of failing every case at run time.
 */
export function checkPattern(
  definition: { pattern: string; flags: string },
  ctx: z.RefinementCtx,
): void {
  try {
    new RegExp(definition.pattern, definition.flags);
  } catch (error) {
    ctx.addIssue({
      code: "custom",
      path: ["pattern"],
      message: `${
        (error as Error).message.replace(
          /^Invalid regular expression: /,
          "not a valid regular " +
            "expression: ",
        )
      }; fix the pattern`,
    });
  }
}
