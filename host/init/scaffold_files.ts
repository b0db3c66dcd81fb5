/**
 * What `digline init` writes into a project: a suite that runs as it stands, a stand-in for the
 * system under test, the ignore rules for the store's local files, and a pull-request gate.
 *
 * @module
 */
import { dirname } from "node:path";

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

/** The digline CI installs: a GitHub repository and the commit pinned in it. */
export interface DiglineSource {
  /** OWNER/NAME on GitHub. */
  repository: string;
  /** The full commit id: git checks every file it fetches against it. */
  commit: string;
}

/** Where init's workflow gets digline: its own local action, or an action the user named. */
export interface ScaffoldOptions {
  /** An action reference the user passed (`--action`): the workflow uses it as it stands. */
  action?: string;
  /** The digline the local action installs (`--source`, or the clone init runs from). */
  source?: DiglineSource;
}

/** The local composite action init writes, relative to the project folder. */
export const LOCAL_ACTION_PATH = ".github/actions/digline/action.yml";

/** The label a maintainer adds to accept a pull request's change of approvals. */
export const ACCEPT_LABEL = "digline-accept-approval-change";

/** The Deno CI installs, pinned: npm checks the package against the registry's digest. */
const DENO_VERSION = "2.9.6";

/** The pull-request gate, using the local action (or the action `--action` named). */
export function workflow(options: { uses: string }): string {
  return `# Written by digline init: the pull-request gate. Each suite's line in the job summary says its
# verdict and why a non-zero exit failed the job. See digline's docs/ci.md.
name: digline
on:
  pull_request:
    # labeled and unlabeled: the gate runs again when a maintainer adds or removes the label below.
    types: [opened, synchronize, reopened, labeled, unlabeled]
permissions:
  contents: read
  pull-requests: write
jobs:
  gate:
    runs-on: ubuntu-latest
    steps:
      - uses: actions/checkout@v6
      - uses: actions/setup-node@v6
        with:
          node-version: 22
      - id: digline
        uses: ${options.uses}
        env:
          # The keys your suites name in api_key_env, from the repository's secrets. A fork's pull
          # request gets no secrets: its summary says the key is missing.
          OPENAI_API_KEY: \${{ secrets.OPENAI_API_KEY }}
          # A key goes only to its provider's own host. Grant any other here, never in a suite:
          # DIGLINE_KEY_HOSTS: "OPENAI_API_KEY=gateway.example:8443"
        with:
          suites: ${SUITE_PATH}
          confirm: false
          # A pull request that changes approvals (re-approves, removes or renames a suite) fails
          # until someone with triage or write access adds this label.
          accept-approval-change: \${{ contains(github.event.pull_request.labels.*.name, '${ACCEPT_LABEL}') }}
          comment: true
`;
}

/**
 * The local composite action: installs the pinned digline (its commit fetched by id and checked)
 * and Deno from npm at a fixed version with digline's action/install.sh, into one folder cached
 * under a key holding the commit, then runs digline's own gate and comment steps.
 */
export function localAction(source: DiglineSource): string {
  return `# Written by digline init: the digline gate, installed from ${source.repository} at the
# commit below. To upgrade, change DIGLINE_COMMIT to a newer commit of that repository.
name: digline gate
description: Runs digline suites and gates each against the approvals on the base branch.
inputs:
  suites:
    description: Suite files, separated by spaces or newlines.
    required: true
  confirm:
    description: "true: compare --confirm within each suite's [gate] max_extra_calls."
    required: false
    default: "false"
  max-extra-calls:
    description: "With confirm: at most this many extra target calls for each suite, in place of its [gate] max_extra_calls."
    required: false
    default: ""
  accept-approval-change:
    description: "true: a maintainer accepts this pull request's change of approvals, of a removed suite, or of rules that move a baseline verdict."
    required: false
    default: "false"
  comment:
    description: "true: one pull-request comment with the reading, updated on each push."
    required: false
    default: "false"
  github-token:
    description: The token the comment is written with.
    required: false
    default: \${{ github.token }}
outputs:
  exit-code:
    description: The worst suite's exit code.
    value: \${{ steps.gate.outputs.exit-code }}
  headline:
    description: Each suite's verdict and reason.
    value: \${{ steps.gate.outputs.headline }}
runs:
  using: composite
  steps:
    # Deno and digline live in one folder, cached under a key holding the commit: a warm job
    # restores it and installs nothing. A new commit is a new key, so an upgrade installs afresh.
    - name: Name the pinned digline and its cache key
      id: key
      shell: bash
      env:
        DIGLINE_REPOSITORY: ${source.repository}
        DIGLINE_COMMIT: ${source.commit}
        DENO_VERSION: ${DENO_VERSION}
      run: |
        echo "repository=$DIGLINE_REPOSITORY" >> "$GITHUB_OUTPUT"
        echo "commit=$DIGLINE_COMMIT" >> "$GITHUB_OUTPUT"
        echo "deno=$DENO_VERSION" >> "$GITHUB_OUTPUT"
        echo "key=digline-$RUNNER_OS-$RUNNER_ARCH-deno$DENO_VERSION-$DIGLINE_COMMIT" >> "$GITHUB_OUTPUT"
    - name: Restore Deno and digline from the cache
      id: cache
      uses: actions/cache/restore@v5
      with:
        path: \${{ runner.temp }}/digline
        key: \${{ steps.key.outputs.key }}
    - name: Install Deno and digline, pinned
      shell: bash
      env:
        DIGLINE_REPOSITORY: \${{ steps.key.outputs.repository }}
        DIGLINE_COMMIT: \${{ steps.key.outputs.commit }}
        DIGLINE_HOME: \${{ runner.temp }}/digline
        DIGLINE_CACHE_KEY: \${{ steps.key.outputs.key }}
        DENO_VERSION: \${{ steps.key.outputs.deno }}
      run: |
        tool="$DIGLINE_HOME/src"
        if [ ! -f "$DIGLINE_HOME/installed" ]; then
          rm -rf "$tool"
          git init -q "$tool"
          git -C "$tool" fetch -q --depth=1 "https://github.com/$DIGLINE_REPOSITORY" "$DIGLINE_COMMIT"
          git -C "$tool" checkout -q FETCH_HEAD
        fi
        # The commit id is a digest of every file: the checkout is the pinned digline or nothing.
        test "$(git -C "$tool" rev-parse HEAD)" = "$DIGLINE_COMMIT"
        bash "$tool/action/install.sh"
    - name: Keep Deno and digline in the cache
      if: steps.cache.outputs.cache-hit != 'true'
      uses: actions/cache/save@v5
      with:
        path: \${{ runner.temp }}/digline
        key: \${{ steps.key.outputs.key }}
    - name: Run the suites and gate
      id: gate
      shell: bash
      env:
        DIGLINE_SUITES: \${{ inputs.suites }}
        DIGLINE_CONFIRM: \${{ inputs.confirm }}
        DIGLINE_MAX_EXTRA_CALLS: \${{ inputs.max-extra-calls }}
        DIGLINE_ACCEPT_APPROVAL_CHANGE: \${{ inputs.accept-approval-change }}
        DIGLINE_REPORT_DIR: \${{ runner.temp }}/digline-report
      run: bash "$DIGLINE_TOOL/action/gate.sh"
    - name: Upload the reports
      if: always()
      uses: actions/upload-artifact@v6
      with:
        name: digline-report
        path: \${{ runner.temp }}/digline-report
        if-no-files-found: ignore
    - name: Comment on the pull request
      if: always() && inputs.comment == 'true' && github.event_name == 'pull_request' && !github.event.pull_request.head.repo.fork
      continue-on-error: true
      shell: bash
      env:
        GH_TOKEN: \${{ inputs.github-token }}
        PR_NUMBER: \${{ github.event.pull_request.number }}
        DIGLINE_COMMENT_FILE: \${{ runner.temp }}/digline-report/summary.md
      run: bash "$DIGLINE_TOOL/action/comment.sh"
`;
}

/** The files, in the order init writes them: the CI files only when it knows where digline is. */
export function scaffoldFiles(options: ScaffoldOptions): ScaffoldFile[] {
  const files: ScaffoldFile[] = [
    { path: SUITE_PATH, content: SUITE },
    { path: "evals/system.ts", content: SYSTEM },
    { path: ".digline/.gitignore", content: STORE_GITIGNORE },
  ];
  if (options.action !== undefined) {
    files.push({ path: WORKFLOW_PATH, content: workflow({ uses: options.action }) });
  } else if (options.source !== undefined) {
    files.push(
      { path: LOCAL_ACTION_PATH, content: localAction(options.source) },
      { path: WORKFLOW_PATH, content: workflow({ uses: `./${dirname(LOCAL_ACTION_PATH)}` }) },
    );
  }
  return files;
}

/** The workflow init writes, relative to the project folder. */
export const WORKFLOW_PATH = ".github/workflows/digline.yml";

/**
 * Reads `--source OWNER/NAME@COMMIT`; undefined when it is not one.
 *
 * @example
 * ```ts
 * import { deepStrictEqual as assertEquals } from "node:assert/strict";
 * const commit = "0123456789abcdef0123456789abcdef01234567";
 * assertEquals(parseSource(`me/digline@${commit}`), { repository: "me/digline", commit });
 * assertEquals(parseSource("me/digline@v1"), undefined);
 * ```
 */
export function parseSource(text: string): DiglineSource | undefined {
  const match = text.match(/^([A-Za-z0-9][\w.-]*\/[\w.-]+)@([0-9a-f]{40})$/);
  return match === null ? undefined : { repository: match[1], commit: match[2] };
}

/**
 * The GitHub repository a git remote URL names, or undefined for any other host.
 *
 * @example
 * ```ts
 * import { deepStrictEqual as assertEquals } from "node:assert/strict";
 * assertEquals(githubRepository("git@github.com:me/digline.git"), "me/digline");
 * assertEquals(githubRepository("https://github.com/me/digline"), "me/digline");
 * assertEquals(githubRepository("/srv/git/digline"), undefined);
 * ```
 */
export function githubRepository(url: string): string | undefined {
  const match = url.trim().match(
    /^(?:https:\/\/github\.com\/|git@github\.com:|ssh:\/\/git@github\.com\/)([A-Za-z0-9][\w.-]*\/[\w.-]+?)(?:\.git)?\/?$/,
  );
  return match?.[1];
}
