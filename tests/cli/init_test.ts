import { deepStrictEqual as assertEquals, match, ok } from "node:assert/strict";
import { join } from "node:path";
import { validateAction, validateWorkflow } from "@action-validator/core";
import { githubRepository } from "../../host/init/scaffold_files.ts";
import { cli, git, ROOT } from "./_cli.ts";

Deno.test({
  name:
    "after init, a plain git add commits exactly what promote wrote (the approval and the runs it cites), and a fresh clone gates against it",
  sanitizeResources: false,
  fn: async () => {
    const cwd = await Deno.makeTempDir({ prefix: "digline-init-" });
    ok(!cwd.startsWith(ROOT), "the project must be outside the clone");
    await git(cwd, "init", "-q", "-b", "main");
    const init = await cli(["init"], { cwd });
    assertEquals(init.code, 0, init.stderr);
    // What init tells the user to do is what works: no -f, no path into runs/.
    match(init.stdout, /git add \.digline && git commit/);
    ok(!init.stdout.includes("-f"), init.stdout);
    ok(!(await Deno.readTextFile(join(cwd, ".digline", ".gitignore"))).includes("add -f"));

    assertEquals((await cli(["run", "evals/suite.toml"], { cwd })).code, 0);
    assertEquals((await cli(["run", "evals/suite.toml"], { cwd })).code, 0);
    const promoted = await cli(["promote", "latest", "--by", "Ana", "--because", "first"], {
      cwd,
    });
    assertEquals(promoted.code, 0, promoted.stderr);
    // A confirmation, a lock or an index the store may write sits beside runs/ and stays local.
    await Deno.mkdir(join(cwd, ".digline", "default", "confirmations"), { recursive: true });
    await Deno.writeTextFile(join(cwd, ".digline", "default", "confirmations", "x.json"), "{}");
    await Deno.writeTextFile(join(cwd, ".digline", "stray.json"), "{}");

    await git(cwd, "add", ".digline");
    const tracked = (await git(cwd, "ls-files", ".digline")).trim().split("\n").sort();
    const baselineFiles = [
      ...Deno.readDirSync(join(cwd, ".digline", "default", "baselines", "my-system")),
    ]
      .filter((e) => e.isFile).map((e) => `.digline/default/baselines/my-system/${e.name}`);
    const citedRuns = [
      ...Deno.readDirSync(join(cwd, ".digline", "default", "baselines", "my-system", "runs")),
    ].map((e) => `.digline/default/baselines/my-system/runs/${e.name}`);
    assertEquals(citedRuns.length, 1);
    assertEquals(tracked, [".digline/.gitignore", ...baselineFiles, ...citedRuns].sort());
    await git(cwd, "add", "-A");
    await git(cwd, "commit", "-q", "-m", "digline init and a first approval");

    // A fresh clone holds no runs of its own: only what was committed. It runs and gates.
    const clone = join(await Deno.makeTempDir({ prefix: "digline-clone-" }), "c");
    await git(cwd, "clone", "-q", cwd, clone);
    assertEquals((await cli(["run", "evals/suite.toml"], { cwd: clone })).code, 0);
    const gated = await cli(["compare", "--baseline-ref", "HEAD"], { cwd: clone });
    assertEquals(gated.code, 0, gated.stderr);
    // Plain compare (a push, or the action with baseline-ref none) reads the copies beside the
    // approval, since the clone's runs folder holds only its own run.
    const plain = await cli(["compare"], { cwd: clone });
    assertEquals(plain.code, 0, plain.stderr);
    const view = await cli(["view"], { cwd: clone });
    assertEquals(view.code, 0, view.stderr);
  },
});

const COMMIT = "0123456789abcdef0123456789abcdef01234567";

Deno.test("init --source writes a workflow and a local action that pass the validator and name only GitHub's own actions and that local one", async () => {
  const cwd = await Deno.makeTempDir({ prefix: "digline-init-ci-" });
  const init = await cli(["init", "--source", `me/digline@${COMMIT}`], { cwd });
  assertEquals(init.code, 0, init.stderr);
  match(init.stdout, /wrote \.github\/actions\/digline\/action\.yml/);
  match(init.stdout, new RegExp(`CI installs digline from me/digline at ${COMMIT}`));
  const workflow = await Deno.readTextFile(join(cwd, ".github", "workflows", "digline.yml"));
  const action = await Deno.readTextFile(join(cwd, ".github", "actions", "digline", "action.yml"));
  assertEquals(validateWorkflow(workflow).errors, []);
  assertEquals(validateAction(action).errors, []);
  for (const text of [workflow, action]) {
    for (const [, uses] of text.matchAll(/uses:\s*(\S+)/g)) {
      ok(
        /^actions\/[\w-]+(\/[\w-]+)?@v\d+$/.test(uses) ||
          (uses.startsWith("./") && Deno.statSync(join(cwd, uses, "action.yml")).isFile),
        `uses: ${uses}`,
      );
    }
  }
  // Installing digline pins the commit and checks it.
  match(action, new RegExp(`DIGLINE_COMMIT: ${COMMIT}`));
  match(action, /test "\$\(git -C "\$tool" rev-parse HEAD\)" = "\$DIGLINE_COMMIT"/);
  match(action, /DENO_VERSION: 2\.9\.6/);
});

Deno.test("init with a --source that is not OWNER/REPO@COMMIT is refused with 64, writing nothing", async () => {
  const cwd = await Deno.makeTempDir({ prefix: "digline-init-ci-" });
  const init = await cli(["init", "--source", "me/digline@v1"], { cwd });
  assertEquals(init.code, 64, init.stderr);
  match(init.stderr, /--source me\/digline@v1: give OWNER\/REPO@COMMIT/);
  assertEquals([...Deno.readDirSync(cwd)], []);
});

Deno.test("init with no --source pins the GitHub clone it runs from, or writes no CI files and says what to pass", async () => {
  const cwd = await Deno.makeTempDir({ prefix: "digline-init-ci-" });
  const init = await cli(["init"], { cwd });
  assertEquals(init.code, 0, init.stderr);
  const origin = await git(ROOT, "remote", "get-url", "origin").catch(() => "");
  const repository = githubRepository(origin);
  if (repository === undefined) {
    match(init.stdout, /no CI workflow written: .*\n.*--source OWNER\/REPO@COMMIT/);
    ok(!(await Deno.stat(join(cwd, ".github")).then(() => true, () => false)));
  } else {
    const head = (await git(ROOT, "rev-parse", "HEAD")).trim();
    match(init.stdout, new RegExp(`CI installs digline from ${repository} at ${head}`));
  }
});

Deno.test("init run again in a project with its own suite adds only the missing files, names each as written or left, and overwrites nothing", async () => {
  const cwd = await Deno.makeTempDir({ prefix: "digline-init-again-" });
  await Deno.mkdir(join(cwd, "evals"));
  const mine = '# my own suite\nname = "mine"\n';
  await Deno.writeTextFile(join(cwd, "evals", "suite.toml"), mine);
  const init = await cli(["init", "--source", `me/digline@${COMMIT}`], { cwd });
  assertEquals(init.code, 0, init.stderr);
  const lines = init.stdout.split("\n");
  ok(
    lines.includes("left  evals/suite.toml: it exists, and init never overwrites a file"),
    init.stdout,
  );
  for (
    const path of [
      "evals/system.ts",
      ".digline/.gitignore",
      ".github/actions/digline/action.yml",
      ".github/workflows/digline.yml",
    ]
  ) {
    ok(lines.includes(`wrote ${path}`), `${path}:\n${init.stdout}`);
    ok(Deno.statSync(join(cwd, path)).isFile, path);
  }
  assertEquals(await Deno.readTextFile(join(cwd, "evals", "suite.toml")), mine);

  // Once more: every file is there, each is named as left, and nothing changes.
  const action = await Deno.readTextFile(join(cwd, ".github", "actions", "digline", "action.yml"));
  await Deno.writeTextFile(join(cwd, ".github", "workflows", "digline.yml"), "# edited\n");
  const again = await cli(["init", "--source", `me/digline@${"f".repeat(40)}`], { cwd });
  assertEquals(again.code, 0, again.stderr);
  assertEquals(again.stdout.split("\n").filter((l) => l.startsWith("wrote ")), []);
  assertEquals(again.stdout.split("\n").filter((l) => l.startsWith("left  ")).length, 5);
  assertEquals(
    await Deno.readTextFile(join(cwd, ".github", "workflows", "digline.yml")),
    "# edited\n",
  );
  assertEquals(
    await Deno.readTextFile(join(cwd, ".github", "actions", "digline", "action.yml")),
    action,
  );
});

Deno.test("init --ci-only writes only the workflow and its local action, and says when the suite it gates is not there", async () => {
  const cwd = await Deno.makeTempDir({ prefix: "digline-init-ci-only-" });
  const init = await cli(["init", "--ci-only", "--source", `me/digline@${COMMIT}`, "--json"], {
    cwd,
  });
  assertEquals(init.code, 0, init.stderr);
  assertEquals(JSON.parse(init.stdout), {
    digline: "init",
    version: 1,
    written: [".github/actions/digline/action.yml", ".github/workflows/digline.yml"],
    left: [],
  });
  assertEquals([...Deno.readDirSync(cwd)].map((e) => e.name), [".github"]);
  await Deno.remove(join(cwd, ".github"), { recursive: true });
  const text = await cli(["init", "--ci-only", "--action", "me/digline@v1"], { cwd });
  assertEquals(text.code, 0, text.stderr);
  match(text.stdout, /^wrote \.github\/workflows\/digline\.yml$/m);
  match(text.stdout, /^note: the workflow gates evals\/suite\.toml, which is not here/m);
  assertEquals([...Deno.readDirSync(join(cwd, ".github"))].map((e) => e.name), ["workflows"]);
});

Deno.test("init --ci-only with no digline it can name is refused with 64, writing nothing", async () => {
  const origin = await git(ROOT, "remote", "get-url", "origin").catch(() => "");
  if (githubRepository(origin) !== undefined) return; // this clone names its digline
  const cwd = await Deno.makeTempDir({ prefix: "digline-init-ci-only-" });
  const init = await cli(["init", "--ci-only"], { cwd });
  assertEquals(init.code, 64, init.stderr);
  match(init.stderr, /init --ci-only: .*give --source OWNER\/REPO@COMMIT .* or --action REF/);
  assertEquals([...Deno.readDirSync(cwd)], []);
});
