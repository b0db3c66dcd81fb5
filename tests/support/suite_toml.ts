/**
 * The suite file most end-to-end tests write by hand: a module target (`system.ts`, its export
 * `answer`, no retries), one `equals` check named `correct` and the accuracy over it. A test adds
 * what it is about: top-level keys after the name (`top`), the target's own keys (`target`),
 * and further tables, cases first among them, after the aggregate (`rest`).
 */
export function accuracySuite(
  name: string,
  { top = "", target = 'export = "answer"\nretries = 0', rest = "" }: {
    top?: string;
    target?: string;
    rest?: string;
  } = {},
): string {
  return `name = "${name}"
${top}
[target]
module = "system.ts"
${target}

[[assertions]]
name = "correct"
kind = "equals"

[[aggregates]]
name = "accuracy"
kind = "accuracy"
over = "correct"
${rest}`;
}
