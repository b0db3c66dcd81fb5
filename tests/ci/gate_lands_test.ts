import { deepStrictEqual as assertEquals, match, ok } from "node:assert/strict";
import { join } from "node:path";
import { cli, git, SMALL_SUITE, smallSystem } from "../cli/_cli.ts";
import { GITIGNORE } from "../support/pull_request.ts";
import { gateStep, lineOf, shallowCheckout } from "../support/gate_step.ts";

const OTHER_SUITE = SMALL_SUITE.replace('name = "small"', 'name = "other"')
  .replace('module = "system.ts"', 'module = "other.ts"');
const BOTH = "evals/small.toml evals/other.toml";
const LABEL = "digline-accept-approval-change";
const ACCEPTED = { DIGLINE_ACCEPT_APPROVAL_CHANGE: "true" };

/** A bare origin whose `main` approves two suites, `small` and `other`. */
async function origin(): Promise<string> {
  const parent = await Deno.makeTempDir({ prefix: "digline-lands-" });
  const bare = join(parent, "origin.git");
  await git(parent, "init", "-q", "--bare", "-b", "main", bare);
  const dev = join(parent, "dev");
  await git(parent, "clone", "-q", bare, dev);
  await git(dev, "symbolic-ref", "HEAD", "refs/heads/main");
  await Deno.mkdir(join(dev, "evals"));
  for (
    const [path, text] of Object.entries({
      "evals/small.toml": SMALL_SUITE,
      "evals/system.ts": smallSystem(),
      "evals/other.toml": OTHER_SUITE,
      "evals/other.ts": smallSystem(),
      ".gitignore": GITIGNORE,
    })
  ) await Deno.writeTextFile(join(dev, path), text);
  for (const suite of ["small", "other"]) await approve(dev, suite, `evals/${suite}.toml`);
  await git(dev, "add", "-A");
  await git(dev, "commit", "-q", "-m", "two approved suites");
  await git(dev, "push", "-q", "origin", "main");
  return bare;
}

async function approve(dev: string, suite: string, file: string): Promise<void> {
  const ran = await cli(["run", file], { cwd: dev });
  assertEquals(ran.code, 0, ran.stderr);
  const promoted = await cli(
    ["promote", "latest", "--suite", suite, "--by", "Ana", "--because", "reviewed"],
    { cwd: dev },
  );
  assertEquals(promoted.code, 0, promoted.stderr);
}

let shared: Promise<string> | undefined;

/** A developer's clone of the branch `name`, made from `base` and changed by `change`, pushed. */
async function branch(
  name: string,
  options: { base: string; change: (dev: string) => Promise<void> },
): Promise<string> {
  shared ??= origin();
  const bare = await shared;
  const dev = join(await Deno.makeTempDir({ prefix: `digline-dev-${name}-` }), "dev");
  await git(bare, "clone", "-q", "--branch", options.base, bare, dev);
  await git(dev, "checkout", "-q", "-b", name);
  await commitAndPush(dev, name, options.change);
  return dev;
}

async function commitAndPush(dev: string, name: string, change: (dev: string) => Promise<void>) {
  await change(dev);
  await git(dev, "add", "-A");
  await git(dev, "commit", "-q", "--allow-empty", "-m", name);
  await git(dev, "push", "-q", "-f", "origin", name);
}

/** What actions/checkout makes of the pull request `head` into `base`, gated by action/gate.sh. */
async function gated(
  head: string,
  options: { base: string; suites: string; env?: Record<string, string> },
) {
  const bare = await shared!;
  const checkout = await shallowCheckout(bare, head);
  return await gateStep(checkout, options.suites, {
    GITHUB_BASE_REF: options.base,
    ...options.env,
  });
}

/** The maintainer merges `head` into `into` (a fast-forward: the branch is pushed as `into`). */
async function merge(dev: string, head: string, into: string): Promise<void> {
  await git(dev, "push", "-q", "-f", "origin", `${head}:${into}`);
}

/**
 * A pull request that removes or renames a suite, played as a team would: a maintainer labels
 * it; while the gate fails, its summary's advice is followed in the same pull request; once the
 * gate passes it merges into `into`, and an unrelated pull request (a comment in the system) is
 * gated against what merged.
 */
async function landed(
  name: string,
  options: { change: (dev: string) => Promise<void>; suites: string; gone: string; into: string },
) {
  const dev = await branch(name, { base: "main", change: options.change });
  const first = await gated(name, { base: "main", suites: options.suites, env: ACCEPTED });
  let labelled = first;
  if (first.code !== 0) {
    // The only way to land is the one the summary gives: its approvals leave in this pull request.
    const line = lineOf(first.summary, options.gone);
    const folder = `.digline/default/baselines/${options.gone}/`;
    ok(line.includes(`git rm -r ${folder}`), line);
    await commitAndPush(dev, name, async () => {
      await git(dev, "rm", "-q", "-r", folder);
    });
    const unlabelled = await gated(name, { base: "main", suites: options.suites });
    assertEquals(unlabelled.code, 1, unlabelled.log);
    match(
      lineOf(unlabelled.summary, options.gone),
      new RegExp(`^- \\*\\*${options.gone}\\*\\*: REMOVED \\(exit 1\\), removed suite: .*${LABEL}`),
    );
    labelled = await gated(name, { base: "main", suites: options.suites, env: ACCEPTED });
  }
  assertEquals(labelled.code, 0, labelled.log);
  match(lineOf(labelled.summary, options.gone), /REMOVED \(accepted\) \(exit 0\)/);
  await merge(dev, name, options.into);
  const next = `${name}-next`;
  await branch(next, {
    base: options.into,
    change: async (clone) => {
      const system = join(clone, "evals", "system.ts");
      await Deno.writeTextFile(system, `// a typo fixed\n${await Deno.readTextFile(system)}`);
    },
  });
  return { first, next: await gated(next, { base: options.into, suites: options.suites }) };
}

Deno.test({
  name:
    "an accepted rename, merged, leaves nothing behind: the next unrelated pull request exits 0",
  sanitizeResources: false,
  fn: async () => {
    const { first, next } = await landed("rename", {
      change: async (dev) => {
        await Deno.writeTextFile(
          join(dev, "evals", "small.toml"),
          SMALL_SUITE.replace('name = "small"', 'name = "renamed"'),
        );
        await approve(dev, "renamed", "evals/small.toml");
      },
      suites: BOTH,
      gone: "small",
      into: "after-rename",
    });
    match(lineOf(first.summary, "renamed"), /NEW SUITE, NOT WORSE \(exit 0\)/);
    assertEquals(next.code, 0, next.log);
    match(lineOf(next.summary, "renamed"), /^- \*\*renamed\*\*: NOT WORSE \(exit 0\)/);
    ok(!next.summary.includes("**small**"), next.summary);
  },
});

Deno.test({
  name:
    "an accepted removal, merged, leaves nothing behind: the next unrelated pull request exits 0",
  sanitizeResources: false,
  fn: async () => {
    const { next } = await landed("remove", {
      change: async (dev) => {
        await Deno.remove(join(dev, "evals", "other.toml"));
        await Deno.remove(join(dev, "evals", "other.ts"));
      },
      suites: "evals/small.toml",
      gone: "other",
      into: "after-remove",
    });
    assertEquals(next.code, 0, next.log);
    match(lineOf(next.summary, "small"), /^- \*\*small\*\*: NOT WORSE \(exit 0\)/);
  },
});

Deno.test({
  name:
    "a pull request moving `expected` with the answer reads RULES CHANGED (exit 1) naming the cases, and lands with the label",
  sanitizeResources: false,
  fn: async () => {
    await branch("moved", {
      base: "main",
      change: async (dev) => {
        await Deno.writeTextFile(join(dev, "evals", "system.ts"), smallSystem({ wrong: [2, 3] }));
        await Deno.writeTextFile(
          join(dev, "evals", "small.toml"),
          SMALL_SUITE.replace('expected = "a2"', 'expected = "a0"')
            .replace('expected = "a3"', 'expected = "a0"'),
        );
      },
    });
    const step = await gated("moved", { base: "main", suites: BOTH });
    assertEquals(step.code, 1, step.log);
    const line = lineOf(step.summary, "small");
    match(line, /^- \*\*small\*\*: RULES CHANGED \(exit 1\): the rules changed: /);
    match(line, /two · correct pass → fail, three · correct pass → fail/);
    match(line, new RegExp(`${LABEL}[^\\n]*$`));
    match(lineOf(step.summary, "other"), /NOT WORSE \(exit 0\)/);

    const accepted = await gated("moved", { base: "main", suites: BOTH, env: ACCEPTED });
    assertEquals(accepted.code, 0, accepted.log);
    // The report reads the same comparison as the gate: accepted, under the new rules.
    match(
      accepted.summary,
      /digline · suite `small`\n\n> NOT WORSE \(exit 0\): .*accepted by a maintainer/,
    );
    match(
      lineOf(accepted.summary, "small"),
      /^- \*\*small\*\*: RULES CHANGED \(accepted\), NOT WORSE \(exit 0\)/,
    );
  },
});

Deno.test({
  name:
    "the summary's advice runs on the reader's machine: no command names a run only the runner holds, and WORSE ends naming the label",
  sanitizeResources: false,
  fn: async () => {
    await branch("worse", {
      base: "main",
      change: async (dev) => {
        await Deno.writeTextFile(join(dev, "evals", "system.ts"), smallSystem({ wrong: [2] }));
        // Case three of `other` now asks the target something else: only a new approval judges it.
        await Deno.writeTextFile(
          join(dev, "evals", "other.toml"),
          OTHER_SUITE.replace("vars = { n = 3 }", "vars = { n = 4 }"),
        );
        await Deno.writeTextFile(
          join(dev, "evals", "new.toml"),
          SMALL_SUITE.replace('name = "small"', 'name = "new"'),
        );
      },
    });
    const step = await gated("worse", { base: "main", suites: `${BOTH} evals/new.toml` });
    assertEquals(step.code, 2, step.log);
    const run = /\b\d{8}-\d{6}-\d{3}-[0-9a-f]{6}\b/;
    for (
      const advice of step.summary.matchAll(/digline (?:promote|explain|rejudge|compare) [^`<]*/g)
    ) {
      ok(!run.test(advice[0]), `names a run only the runner holds: ${advice[0]}`);
    }
    const worse = lineOf(step.summary, "small");
    match(worse, /^- \*\*small\*\*: WORSE \(exit 1\), worse: /);
    match(worse, /`digline run evals\/small\.toml --baseline-ref origin\/main`/);
    match(worse, /`digline explain latest --suite small --baseline-ref origin\/main`/);
    match(worse, new RegExp(`label \`${LABEL}\`[^\\n]*$`));
    match(
      lineOf(step.summary, "other"),
      /COULD NOT BE JUDGED \(exit 2\): the rules changed: .*digline run evals\/other\.toml, then digline promote latest --suite other --because "\.\.\."/,
    );
    match(
      lineOf(step.summary, "new"),
      /NEW SUITE, NOT JUDGED \(exit 2\), no approval: .*`digline run evals\/new\.toml`.*`digline promote latest --suite new --because "\.\.\."`/,
    );
  },
});
