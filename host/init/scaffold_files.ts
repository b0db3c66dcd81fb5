/**
 * What `digline init` writes into a project: a suite that runs as it stands, a stand-in for the
 * system under test, the ignore rules for the store's local files, and a pull-request gate.
 *
 * @module
 */

/** The suite, relative to the project folder. */
export const SUITE_PATH = "evals/suite.toml";

/** One file `digline init` writes, relative to the project folder. */
export interface ScaffoldFile {
  path: string;
  content: string;
}

const SUITE =
  `# A digline suite: run it with \`digline run ${SUITE_PATH}\`. See digline's docs/suites.md.
name = "my-system"

[target]
# The system under test: system.ts beside this file, its \`answer\` export called once per case.
# Point it at your own code, or use command = [...], http = "..." or a model provider instead.
module = "system.ts"
export = "answer"
timeout_ms = 30000

[[assertions]]
name = "correct"
kind = "equals"
trim = true

[[aggregates]]
name = "accuracy"
kind = "accuracy"
over = "correct"

[[cases]]
id = "greets-ana"
vars = { name = "Ana" }
expected = "Hello, Ana!"

[[cases]]
id = "greets-bo"
vars = { name = "Bo" }
expected = "Hello, Bo!"

[[cases]]
id = "greets-nobody"
vars = { name = "" }
expected = "Hello!"
`;

const SYSTEM = `// A stand-in for your system: replace the body with a call into your own code.
export function answer(vars: { name: string }): string {
  return vars.name === "" ? "Hello!" : \`Hello, \${vars.name}!\`;
}
`;

// Nested in the store so that init needs no write access outside it: git reads a .gitignore
// in any folder. It names what is kept rather than what is left out, so a folder the store grows
// later (work/, confirmations/, operator/, a run index) stays local without a new line here.
const STORE_GITIGNORE =
  `# Written by digline init. Only the approvals are committed: promote writes each
# approval, and a copy of every run it cites (runs/ there), under <tenant>/baselines/<suite>/.
# Everything else in the store is local work. Commit the approvals with a plain
#   git add .digline
/*
!/.gitignore
!/*/
/*/*
!/*/baselines/
`;

/** The pull-request gate, using digline's composite action (`uses:` names where it lives). */
export function workflow(options: { action: string }): string {
  return `# Written by digline init: the pull-request gate. Exit 1 (worse) or 2 (not judged) fails it.
name: digline
on:
  pull_request:
permissions:
  contents: read
  pull-requests: write
jobs:
  gate:
    runs-on: ubuntu-latest
    steps:
      - uses: actions/checkout@v4
        with:
          fetch-depth: 0
      - uses: actions/setup-node@v4
        with:
          node-version: 22
      - uses: ${options.action}
        with:
          suites: ${SUITE_PATH}
          comment: true
`;
}

/** The files, in the order init writes them. */
export function scaffoldFiles(options: { action: string }): ScaffoldFile[] {
  return [
    { path: SUITE_PATH, content: SUITE },
    { path: "evals/system.ts", content: SYSTEM },
    { path: ".digline/.gitignore", content: STORE_GITIGNORE },
    { path: ".github/workflows/digline.yml", content: workflow(options) },
  ];
}
