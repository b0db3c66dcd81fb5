/** The most a run's label may hold: a table's cell, not a description. */
export const RUN_LABEL_LIMIT = 200;

/** A run's label is one line, not only spaces (its length is RUN_LABEL_LIMIT's). */
export const RUN_LABEL_PATTERN = /^(?=.*\S)[^\r\n\u2028\u2029]+$/;

/**
 * Whether `label` is one RunLabelSchema takes: the rule `run --label` refuses by before anything
 * runs, without loading the schema library the run does not otherwise need.
 *
 * @example
 * ```ts
 * import { equal } from "node:assert/strict";
 * equal(isRunLabel("VADER"), true);
 * equal(isRunLabel("two\nlines"), false);
 * ```
 */
export function isRunLabel(label: string): boolean {
  return label.length <= RUN_LABEL_LIMIT && RUN_LABEL_PATTERN.test(label);
}
