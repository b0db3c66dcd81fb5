import { deepStrictEqual as assertEquals, match, ok } from "node:assert/strict";
import { join } from "node:path";
import { cli, git, SMALL_SUITE, smallSystem, workspace } from "../cli/_cli.ts";
import { gateStep, lineOf, shallowCheckout } from "../support/gate_step.ts";

const OTHER_SUITE = SMALL_SUITE.replace('name = "small"', 'name = "other"')
  .replace('module = "system.ts"', 'module = "other.ts"');

Deno.test({
  name:
    "the action's gate step runs every suite, judges each on its own, writes the summary and outputs",
  sanitizeResources: false,
  fn: async () => {
    const parent = await Deno.makeTempDir({ prefix: "digline-gate-" });
    const cwd = join(parent, "w");
    await Deno.mkdir(cwd);
    for (
      const [path, text] of Object.entries({
        "evals/small.toml": SMALL_SUITE,
        "evals/other.toml": OTHER_SUITE,
        "evals/system.ts": smallSystem(),
        "evals/other.ts": smallSystem(),
      })
    ) {
      await Deno.mkdir(join(cwd, "evals"), { recursive: true });
      await Deno.writeTextFile(join(cwd, path), text);
    }
    for (const suite of ["small", "other"]) {
      assertEquals((await cli(["run", `evals/${suite}.toml`], { cwd })).code, 0);
      await cli(["promote", "latest", "--suite", suite, "--because", "approved"], { cwd });
    }
    await Deno.writeTextFile(join(cwd, "evals", "other.ts"), smallSystem({ wrong: [2] }));

    const report = join(parent, "report");
    const step = await gateStep(cwd, "evals/small.toml\nevals/other.toml\n", {
      DIGLINE_REPORT_DIR: report,
    });
    assertEquals(step.code, 1, step.log);
    assertEquals(step.outputs["exit-code"], "1");
    match(
      step.outputs.headline,
      /^small: NOT WORSE \(exit 0\) · other: WORSE \(exit 1\), worse$/,
    );
    ok(step.summary.startsWith("earlier step\n"), "the summary is appended to, never replaced");
    match(lineOf(step.summary, "other"), /^- \*\*other\*\*: WORSE \(exit 1\), worse: /);
    match(lineOf(step.summary, "small"), /^- \*\*small\*\*: NOT WORSE \(exit 0\): /);
    for (const file of ["summary.md", "verdicts.json", "other.html", "small.html"]) {
      const size = (await Deno.stat(join(report, file))).size;
      ok(size > 0, file);
    }
  },
});

Deno.test("a suite that does not load is named with its refusal, and the others are still judged", async () => {
  const parent = await workspace({});
  const cwd = join(parent, "w");
  await Deno.mkdir(cwd);
  await Deno.writeTextFile(join(cwd, "broken.toml"), "name = \n");
  const step = await gateStep(cwd, "broken.toml", {});
  assertEquals(step.code, 64, step.log);
  assertEquals(step.outputs["exit-code"], "64");
  match(
    lineOf(step.summary, "broken.toml"),
    /NOT RUN \(exit 64\), refused: `digline run broken.toml` stored no run: /,
  );
});

/** The ignore lines docs/ci.md recommends: the approvals folder is committed, the rest is not. */
const GITIGNORE =
  ".digline/*\n!.digline/default/\n.digline/default/*\n!.digline/default/baselines/\n";

/**
 * A bare "origin" whose `pre` branch holds two suites and no approval (a repository adopting
 * digline) and whose `main` branch adds the approval of `small` only.
 */
async function origin(): Promise<{ origin: string }> {
  const parent = await Deno.makeTempDir({ prefix: "digline-origin-" });
  const origin = join(parent, "origin.git");
  await git(parent, "init", "-q", "--bare", "-b", "main", origin);
  const dev = join(parent, "dev");
  await git(parent, "clone", "-q", origin, dev);
  for (
    const [path, text] of Object.entries({
      "evals/small.toml": SMALL_SUITE,
      "evals/system.ts": smallSystem(),
      ".gitignore": GITIGNORE,
    })
  ) {
    await Deno.mkdir(join(dev, "evals"), { recursive: true });
    await Deno.writeTextFile(join(dev, path), text);
  }
  await git(dev, "checkout", "-q", "-b", "pre");
  await git(dev, "add", "-A");
  await git(dev, "commit", "-q", "-m", "a suite, not yet approved");
  await git(dev, "push", "-q", "origin", "pre");
  await git(dev, "checkout", "-q", "-b", "main");
  assertEquals((await cli(["run", "evals/small.toml"], { cwd: dev })).code, 0);
  await cli(["promote", "latest", "--by", "Ana", "--because", "reviewed"], { cwd: dev });
  await git(dev, "add", "-A");
  await git(dev, "commit", "-q", "-m", "approved baseline");
  await git(dev, "push", "-q", "origin", "main");
  return { origin };
}

let shared: Promise<{ origin: string }> | undefined;

/** At most this many pull requests are played at once (each starts the CLI a dozen times). */
const AT_ONCE = 3;
let running = 0;
const waiting: (() => void)[] = [];

async function limited<T>(work: () => Promise<T>): Promise<T> {
  if (running >= AT_ONCE) await new Promise<void>((resolve) => waiting.push(resolve));
  running++;
  try {
    return await work();
  } finally {
    running--;
    waiting.shift()?.();
  }
}

/** Starts a pull request now; the step that reads it awaits the result (or its error). */
function started(
  name: string,
  options: Parameters<typeof pullRequest>[1],
): () => Promise<Awaited<ReturnType<typeof pullRequest>>> {
  const settled = limited(() => pullRequest(name, options)).then(
    (value) => ({ value }),
    (error: unknown) => ({ error }),
  );
  return async () => {
    const result = await settled;
    if ("error" in result) throw result.error;
    return result.value;
  };
}

const pushes = new Map<string, Promise<void>>();

/**
 * The branch `name`: from `base` in a developer's clone, changed by `change` and pushed, once
 * however many pull requests gate it.
 */
function pushed(
  bare: string,
  name: string,
  options: { base: string; change: (dev: string) => Promise<void> },
): Promise<void> {
  let branch = pushes.get(name);
  if (branch === undefined) {
    branch = (async () => {
      // Each branch is made in a developer's clone of its own, so several can be made at once.
      const dev = join(await Deno.makeTempDir({ prefix: `digline-dev-${name}-` }), "dev");
      await git(bare, "clone", "-q", "--branch", options.base, bare, dev);
      await git(dev, "checkout", "-q", "-b", name);
      await options.change(dev);
      await git(dev, "add", "-A");
      await git(dev, "commit", "-q", "--allow-empty", "-m", name);
      await git(dev, "push", "-q", "-f", "origin", name);
    })();
    pushes.set(name, branch);
  }
  return branch;
}

/**
 * A pull request: a branch from `base` in the developer's clone, changed by `change` and pushed
 * (or, with `head`, the branch another pull request pushed with the same change); then what
 * actions/checkout makes of it (one commit of the head, no base branch) gated.
 */
async function pullRequest(
  name: string,
  options: {
    base?: string;
    change: (dev: string) => Promise<void>;
    head?: string;
    suites?: string;
    env?: Record<string, string>;
  },
) {
  shared ??= origin();
  const { origin: bare } = await shared;
  const base = options.base ?? "main";
  const head = options.head ?? name;
  await pushed(bare, head, { base, change: options.change });
  const checkout = await shallowCheckout(bare, head);
  return await gateStep(checkout, options.suites ?? "evals/small.toml", {
    GITHUB_BASE_REF: base,
    ...options.env,
  });
}

async function approve(
  dev: string,
  suite: string,
  by: string,
  because: string,
  file = `evals/${suite}.toml`,
) {
  const ran = await cli(["run", file], { cwd: dev });
  assertEquals(ran.code, 0, ran.stderr);
  const promoted = await cli([
    "promote",
    "latest",
    "--suite",
    suite,
    "--by",
    by,
    "--because",
    because,
  ], {
    cwd: dev,
  });
  assertEquals(promoted.code, 0, promoted.stderr);
}

async function addOther(dev: string) {
  await Deno.writeTextFile(join(dev, "evals", "other.toml"), OTHER_SUITE);
  await Deno.writeTextFile(join(dev, "evals", "other.ts"), smallSystem());
}

const reapprove = async (dev: string) => {
  await Deno.writeTextFile(join(dev, "evals", "system.ts"), smallSystem({ wrong: [2] }));
  await approve(dev, "small", "Mallory", "the new wording is intended");
};

Deno.test({
  name: "pull-request kinds through action/gate.sh against a bare origin and a shallow CI clone",
  sanitizeResources: false,
  fn: async (t) => {
    // Every pull request starts now, a few at a time; each step reads its own.
    const adopt = started("adopt", {
      base: "pre",
      change: (dev) => approve(dev, "small", "Ana", "our first reference"),
    });
    const adoptBare = started("adopt-bare", { base: "pre", change: async () => {} });
    const addSuite = started("add-suite", {
      change: async (dev) => {
        await addOther(dev);
        await approve(dev, "other", "Bo", "second suite");
      },
      suites: "evals/small.toml evals/other.toml",
    });
    const several = started("several", {
      change: async (dev) => {
        await addOther(dev);
        await Deno.writeTextFile(join(dev, "evals", "system.ts"), smallSystem({ wrong: [2] }));
      },
      suites: "evals/small.toml evals/other.toml",
    });
    const rename = started("rename", {
      change: async (dev) => {
        await Deno.writeTextFile(
          join(dev, "evals", "small.toml"),
          SMALL_SUITE.replace('name = "small"', 'name = "renamed"'),
        );
        await approve(dev, "renamed", "Mallory", "same thing", "evals/small.toml");
      },
    });
    const reapproved = started("reapprove", { change: reapprove });
    // The same re-approval as reapprove's, gated under other inputs: its branch is pushed once.
    const accepted = started("reapprove-accepted", {
      change: reapprove,
      head: "reapprove",
      env: { DIGLINE_ACCEPT_APPROVAL_CHANGE: "true" },
    });
    const missingKey = started("missing-key", {
      change: async (dev) => {
        await Deno.writeTextFile(
          join(dev, "evals", "model.toml"),
          'name = "model"\n[target]\nprovider = "openai"\nmodel = "m"\n' +
            'api_key_env = "OPENAI_API_KEY"\nprompt = "{{q}}"\n' +
            '[[assertions]]\nname = "c"\nkind = "equals"\n' +
            '[[cases]]\nid = "a"\nvars = { q = "x" }\nexpected = "y"\n',
        );
      },
      suites: "evals/small.toml evals/model.toml",
    });
    const hostile = started("hostile", {
      change: async (dev) => {
        await Deno.writeTextFile(join(dev, "evals", "system.ts"), smallSystem({ wrong: [2] }));
        await approve(dev, "small", "@octocat <img src=x>", "::error::forged%0A::set-output");
      },
    });
    const plain = started("plain", {
      change: reapprove,
      head: "reapprove",
      env: { DIGLINE_BASELINE_REF: "none" },
    });

    await t.step(
      "adopting digline, the first approval committed: NEW SUITE, passes, names who and why",
      async () => {
        const step = await adopt();
        assertEquals(step.code, 0, step.log);
        match(
          lineOf(step.summary, "small"),
          /^- \*\*small\*\*: NEW SUITE, NOT WORSE \(exit 0\): first approved in this pull request by Ana \(because: our first reference\)/,
        );
        match(step.summary, /Gated against the approvals committed at `origin\/pre`/);
      },
    );

    await t.step(
      "adopting digline with no approval at all: not judged (2), says what to run",
      async () => {
        const step = await adoptBare();
        assertEquals(step.code, 2, step.log);
        match(
          lineOf(step.summary, "small"),
          /NEW SUITE, NOT JUDGED \(exit 2\), no approval: .*`digline run evals\/small\.toml`.*`digline promote latest --suite small --because "\.\.\."`.*commit `\.digline\/default\/baselines\/small\/`/,
        );
      },
    );

    await t.step("a second suite with its approval passes beside the first", async () => {
      const step = await addSuite();
      assertEquals(step.code, 0, step.log);
      match(lineOf(step.summary, "small"), /^- \*\*small\*\*: NOT WORSE \(exit 0\)/);
      match(
        lineOf(step.summary, "other"),
        /NEW SUITE, NOT WORSE \(exit 0\): first approved in this pull request by Bo/,
      );
    });

    await t.step(
      "several suites: an unapproved new one (2) hides nothing of another's regression (1)",
      async () => {
        const step = await several();
        assertEquals(step.code, 2, step.log);
        match(lineOf(step.summary, "small"), /^- \*\*small\*\*: WORSE \(exit 1\), worse: /);
        match(lineOf(step.summary, "other"), /NEW SUITE, NOT JUDGED \(exit 2\), no approval/);
        match(
          step.outputs.headline,
          /small: WORSE \(exit 1\), worse · other: NEW SUITE, NOT JUDGED/,
        );
      },
    );

    await t.step(
      "a suite approved on the base branch and renamed away is named and fails",
      async () => {
        const step = await rename();
        assertEquals(step.code, 1, step.log);
        match(
          lineOf(step.summary, "small"),
          /^- \*\*small\*\*: REMOVED \(exit 1\), removed suite: approved at `origin\/main`, and no suite this job ran is named `small`/,
        );
        match(lineOf(step.summary, "renamed"), /NEW SUITE, NOT WORSE \(exit 0\)/);
      },
    );

    await t.step("a deliberate re-approval fails with the approval change named", async () => {
      const step = await reapproved();
      assertEquals(step.code, 1, step.log);
      match(
        lineOf(step.summary, "small"),
        /^- \*\*small\*\*: APPROVAL CHANGED, WORSE \(exit 1\), approval changed: this pull request approves run `\S+` by Mallory \(because: the new wording is intended\)/,
      );
    });

    await t.step(
      "the same re-approval lands once a maintainer sets the approval-change input",
      async () => {
        const step = await accepted();
        assertEquals(step.code, 0, step.log);
        match(lineOf(step.summary, "small"), /APPROVAL CHANGED \(accepted\), NOT WORSE \(exit 0\)/);
      },
    );

    await t.step(
      "a missing key is named in the summary, and the other suite is still judged",
      async () => {
        const step = await missingKey();
        assertEquals(step.code, 64, step.log);
        match(
          lineOf(step.summary, "evals/model.toml"),
          /NOT RUN \(exit 64\), missing key: .*OPENAI_API_KEY.*secrets\.OPENAI_API_KEY/,
        );
        match(lineOf(step.summary, "small"), /NOT WORSE \(exit 0\)/);
      },
    );

    await t.step(
      "text a pull request controls never becomes a workflow command in the log, nor HTML or a mention in the summary",
      async () => {
        const step = await hostile();
        assertEquals(step.code, 1, step.log);
        // Every line the log shows between the stop and the resume is inert; nothing before the stop.
        const lines = step.stdout.split("\n");
        const stop = lines.findIndex((l) => /^::stop-commands::[0-9a-f]{32}$/.test(l));
        assertEquals(stop, 0, step.stdout);
        const token = lines[stop].slice("::stop-commands::".length);
        const resume = lines.indexOf(`::${token}::`);
        ok(resume > stop, step.stdout);
        for (const line of lines.slice(resume + 1).filter((l) => l !== "")) {
          match(line, /^::error::digline: /, "only the gate's own annotations follow the resume");
        }
        ok(step.log.includes("::error::forged"), "the hostile text did reach the log, stopped");
        const line = lineOf(step.summary, "small");
        ok(!/(^|[^\\])<img/.test(step.summary), step.summary);
        ok(!/(^|[^\w@])@octocat/.test(step.summary), "no mention in the summary");
        match(line, /by @\u200boctocat \\<img src=x\\>/);
      },
    );

    await t.step(
      "without a baseline ref (none) the gate falls back to plain compare against the checkout",
      async () => {
        const step = await plain();
        assertEquals(step.code, 0, step.log);
        match(step.summary, /Gated against the approvals in the checkout \(no baseline ref\)/);
      },
    );
  },
});
