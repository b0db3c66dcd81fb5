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

/**
 * A suite whose target is a model on the OpenAI wire at `url` (a mock model server), its key
 * read from `keyVariable`, asked each case's id as its question, one case at a time and without
 * retries, with one `includes` check: the suite the tests that follow a key through every
 * output write.
 */
export function questionSuite(
  name: string,
  options: {
    url: string;
    keyVariable: string;
    check: { name: string; value: string };
    cases: readonly string[];
  },
): string {
  const { url, keyVariable, check, cases } = options;
  return `name = "${name}"

[target]
provider = "openai"
model = "m"
base_url = "${url}/v1"
api_key_env = "${keyVariable}"
prompt = "{{question}}"
retries = 0
concurrency = 1
timeout_ms = 60000

[[assertions]]
name = "${check.name}"
kind = "includes"
value = "${check.value}"
${cases.map((id) => `\n[[cases]]\nid = "${id}"\nvars = { question = "${id}" }\n`).join("")}`;
}
