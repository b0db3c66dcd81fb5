/**
 * The suite the "rules changed" and rejudge tests edit: one `equals` check and its accuracy over
 * three cases, against a module target that answers "a<n>".
 *
 * @module
 */

/** What an edit of the suite changes; every key left out keeps the first version. */
export interface RulesSuiteEdit {
  /** Extra keys of the check (`ignore_case = true`). */
  check?: string;
  /** The check's name. */
  name?: string;
  /** Case three's `n`: another value is another question. */
  extra?: string;
  /** Extra TOML after the check (a second check, say). */
  judge?: string;
  /** The target's `repeats`: how many times each case is asked. */
  repeats?: number;
}

/** The suite, named `suiteName`, with one edit applied. */
export function rulesSuite(edit: RulesSuiteEdit = {}, suiteName = "rules"): string {
  return `
name = "${suiteName}"

[target]
module = "system.ts"
export = "answer"
retries = 0
${edit.repeats === undefined ? "" : `repeats = ${edit.repeats}`}

[[assertions]]
name = "${edit.name ?? "correct"}"
kind = "equals"
${edit.check ?? ""}
${edit.judge ?? ""}
[[aggregates]]
name = "accuracy"
kind = "accuracy"
over = "${edit.name ?? "correct"}"

[[cases]]
id = "one"
vars = { n = 1 }
expected = "a1"

[[cases]]
id = "two"
vars = { n = 2 }
expected = "a2"

[[cases]]
id = "three"
vars = { n = ${edit.extra ?? "3"} }
expected = "a3"
`;
}

/** Answers "a<n>", upper-cased ("A<n>") for the numbers listed as shouted. */
export function shoutingSystem(shouted: number[] = []): string {
  return `export function answer(vars) {
  const text = "a" + vars.n;
  return ${JSON.stringify(shouted)}.includes(vars.n) ? text.toUpperCase() : text;
}
`;
}

/** A system that can not answer: were it called, every check would error. */
export const DOWN_SYSTEM = `export function answer() { throw new Error("system down"); }\n`;
