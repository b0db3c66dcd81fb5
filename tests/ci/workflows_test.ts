import { deepStrictEqual as assertEquals, match, ok } from "node:assert/strict";
import { join } from "node:path";
import { validateAction, validateWorkflow } from "@action-validator/core";
import { ROOT } from "../cli/_cli.ts";
import {
  LOCAL_ACTION_PATH,
  localAction,
  scaffoldFiles,
  workflow,
} from "../../host/init/scaffold_files.ts";
import { taskFlags } from "../../tools/task_flags.ts";
import { prepareScenario } from "../../examples/operator/scenario.ts";

/** The YAML files of a folder, by path relative to the repository. */
function yamlFiles(...folder: string[]): string[] {
  return [...Deno.readDirSync(join(ROOT, ...folder))]
    .filter((e) => e.isFile && /\.ya?ml$/.test(e.name))
    .map((e) => join(...folder, e.name))
    .sort();
}

/** The workflows this repository runs. */
function activeWorkflows(): string[] {
  return yamlFiles(".github", "workflows");
}

/** Every workflow file: the active ones and the GitHub examples under examples/ci/. */
function workflowFiles(): string[] {
  return [
    ...activeWorkflows(),
    ...yamlFiles("examples", "ci").filter((f) => /github-[^/]*$/.test(f)),
  ];
}

function errorsOf(result: { errors: unknown[] }): string {
  return JSON.stringify(result.errors, null, 1);
}

Deno.test("every workflow file passes the GitHub Actions validator", () => {
  const files = workflowFiles();
  for (const example of ["github-gate.yml", "github-operator.yml", "github-sharded.yml"]) {
    ok(files.includes(join("examples", "ci", example)), `found ${files.join(", ")}`);
  }
  for (const file of files) {
    const result = validateWorkflow(Deno.readTextFileSync(join(ROOT, file)));
    assertEquals(result.errors, [], `${file}: ${errorsOf(result)}`);
  }
});

Deno.test("no active workflow gates or runs the operator: this repository commits no approval and no operator.toml", () => {
  for (const file of activeWorkflows()) {
    const text = Deno.readTextFileSync(join(ROOT, file));
    ok(!/uses:\s*\.\/\s*$/m.test(text), `${file} runs the action`);
    ok(!/digline (compare|report)|task operator/.test(text), `${file} gates or runs the operator`);
  }
});

Deno.test("action.yml passes the validator as an action, and init's workflow as a workflow", () => {
  const action = validateAction(Deno.readTextFileSync(join(ROOT, "action.yml")));
  assertEquals(action.errors, [], errorsOf(action));
  for (const uses of ["someone/digline@v1", "./.github/actions/digline"]) {
    const scaffold = validateWorkflow(workflow({ uses }));
    assertEquals(scaffold.errors, [], errorsOf(scaffold));
  }
  const local = validateAction(localAction(SOURCE));
  assertEquals(local.errors, [], errorsOf(local));
});

const SOURCE = { repository: "me/digline", commit: "0123456789abcdef0123456789abcdef01234567" };

/** The `uses:` of a workflow or action, as written. */
function usesOf(text: string): string[] {
  return [...text.matchAll(/^\s*(?:- )?uses:\s*(\S+)\s*$/gm)].map((m) => m[1]);
}

/**
 * Whether a `uses:` resolves to something that exists: one of GitHub's own actions (the
 * `actions` organisation) at a version tag, or a path in the repository (here, or one init
 * writes into the user's).
 */
function resolves(uses: string, localPaths: readonly string[]): boolean {
  if (/^actions\/[\w-]+(\/[\w-]+)?@v\d+(\.\d+)*$/.test(uses)) return true;
  if (!uses.startsWith("./")) return false;
  const path = uses.slice(2).replace(/\/$/, "");
  if (localPaths.includes(path)) return true;
  try {
    Deno.statSync(join(ROOT, path, "action.yml"));
    return true;
  } catch {
    return false;
  }
}

Deno.test("every uses: resolves to GitHub's own actions or an action in the repository", () => {
  const initPaths = scaffoldFiles({ source: SOURCE })
    .filter((f) => f.path.endsWith("/action.yml"))
    .map((f) => f.path.replace(/\/action\.yml$/, ""));
  assertEquals(initPaths, [LOCAL_ACTION_PATH.replace(/\/action\.yml$/, "")]);
  const texts: [string, string][] = [
    ...workflowFiles().map((f): [string, string] => [f, Deno.readTextFileSync(join(ROOT, f))]),
    ["action.yml", Deno.readTextFileSync(join(ROOT, "action.yml"))],
    ...scaffoldFiles({ source: SOURCE }).filter((f) => f.path.startsWith(".github/"))
      .map((f): [string, string] => [`init: ${f.path}`, f.content]),
  ];
  let seen = 0;
  for (const [file, text] of texts) {
    for (const uses of usesOf(text)) {
      seen++;
      ok(resolves(uses, initPaths), `${file}: uses: ${uses} resolves to nothing that exists`);
    }
  }
  ok(seen > 10, `found only ${seen} uses:`);
  ok(!resolves("digline/digline@v0.1.0", initPaths), "a stranger's name does not resolve");
  ok(!resolves("./.github/actions/nothing", initPaths));
});

/**
 * The first major of each of GitHub's actions that runs on Node 24 (`runs.using: node24`): GitHub
 * runs Node 20 actions no more. Newer majors exist for some (checkout v7, setup-node v7,
 * upload-artifact v7, download-artifact v8); these are the ones whose inputs digline's files use
 * unchanged (ADR 0118).
 */
const NODE24_MAJORS: Readonly<Record<string, number>> = {
  "actions/checkout": 5,
  "actions/setup-node": 5,
  "actions/cache": 5,
  "actions/cache/restore": 5,
  "actions/cache/save": 5,
  "actions/upload-artifact": 6,
  "actions/download-artifact": 7,
};

Deno.test("every GitHub action digline's files use is at a major that runs on Node 24", () => {
  const texts: [string, string][] = [
    ...workflowFiles().map((f): [string, string] => [f, Deno.readTextFileSync(join(ROOT, f))]),
    ["action.yml", Deno.readTextFileSync(join(ROOT, "action.yml"))],
    ...scaffoldFiles({ source: SOURCE }).filter((f) => f.path.startsWith(".github/"))
      .map((f): [string, string] => [`init: ${f.path}`, f.content]),
    ...["ci.md", "reports.md", "viewer.md"].map((f): [string, string] => [
      `docs/${f}`,
      Deno.readTextFileSync(join(ROOT, "docs", f)),
    ]),
  ];
  let seen = 0;
  for (const [file, text] of texts) {
    for (const [, action, major] of text.matchAll(/uses:\s*(actions\/[\w/-]+)@v(\d+)/g)) {
      seen++;
      const least = NODE24_MAJORS[action];
      ok(least !== undefined, `${file}: ${action} is not one this test knows`);
      ok(Number(major) >= least, `${file}: ${action}@v${major} runs on Node 20; use v${least}`);
    }
  }
  ok(seen > 15, `found only ${seen}`);
});

Deno.test("every CI example gates the run its own job made, with --baseline-ref", () => {
  for (const file of yamlFiles("examples", "ci").filter((f) => !f.includes("operator"))) {
    const text = Deno.readTextFileSync(join(ROOT, file));
    if (/uses: \.\/\.github\/actions\/digline/.test(text)) continue; // action/gate.sh does
    const compares = text.split("\n").filter((l) => /digline compare/.test(l));
    ok(compares.length > 0, `${file} gates`);
    for (const line of compares) {
      match(
        line,
        /digline compare "\$\((?:jq -r \.run_id \w+\.json)\)"|digline compare "\$RUN"/,
        file,
      );
      match(line, /--baseline-ref "origin\/\$\w+"/, file);
    }
    for (const line of text.split("\n").filter((l) => /digline report/.test(l))) {
      match(line, /digline report "\$RUN" --baseline-ref/, file);
    }
  }
});

Deno.test("the validator refuses a broken workflow, so its silence above means something", () => {
  const broken = "name: x\non: push\njobs:\n  a:\n    runs-on: ubuntu-latest\n    steps:\n" +
    "      - uses: 3\n";
  ok(validateWorkflow(broken).errors.length > 0);
  ok(validateAction("name: x\nruns:\n  using: composite\n").errors.length > 0);
});

Deno.test("the release compiles the five Deno targets through deno task compile", () => {
  const text = Deno.readTextFileSync(join(ROOT, ".github", "workflows", "release.yml"));
  for (
    const target of [
      "x86_64-unknown-linux-gnu",
      "aarch64-unknown-linux-gnu",
      "x86_64-apple-darwin",
      "aarch64-apple-darwin",
      "x86_64-pc-windows-msvc",
    ]
  ) ok(text.includes(`- ${target}`), target);
  ok(text.includes("deno task compile --target ${{ matrix.target }}"));
  ok(text.includes("sha256sum"));
});

/** A workflow's `run:` steps, a folded (`>-`) one joined as YAML joins it, with its folder. */
function runSteps(text: string): { command: string; folder?: string }[] {
  const lines = text.split("\n");
  const steps: { command: string; folder?: string }[] = [];
  lines.forEach((line, index) => {
    const step = line.match(/^(\s*)- run: (.*)$/);
    if (step === null) return;
    const indent = step[1].length + 2;
    const body: string[] = [];
    let next = index + 1;
    for (; next < lines.length && /^\s*$|^\s+/.test(lines[next]); next++) {
      const own = lines[next].match(/^(\s*)/)![1].length;
      if (own <= indent) break;
      body.push(lines[next].trim());
    }
    const folder = lines[next]?.match(/^\s*working-directory: (\S+)$/)?.[1];
    const command = step[2] === ">-" ? body.join(" ") : step[2];
    steps.push({ command, ...(folder === undefined ? {} : { folder }) });
  });
  return steps;
}

/** The operator example: where it checks digline out, and the step that launches a cycle. */
function operatorExample() {
  const text = Deno.readTextFileSync(join(ROOT, "examples", "ci", "github-operator.yml"));
  const checkout = text.match(
    /repository: \$\{\{ vars\.DIGLINE_REPOSITORY \}\}\n\s*ref: \$\{\{ vars\.DIGLINE_COMMIT \}\}\n\s*path: (\S+)\n/,
  )?.[1];
  ok(checkout !== undefined, "the example checks digline out beside the user's code");
  const steps = runSteps(text);
  const launch = steps.find((s) => s.command.includes("operator/main.ts"));
  ok(launch !== undefined, steps.map((s) => s.command).join("\n"));
  const words = launch.command.split(/\s+/);
  return { text, checkout, steps, launch, words };
}

Deno.test("the operator example runs in a user's repository: digline's checkout, the operator task's flags, no task of digline's", () => {
  const { text, checkout, steps, launch, words } = operatorExample();
  ok(!/deno(@[\d.]+)? task\b/.test(text), "a user's repository has no digline task");
  assertEquals(
    launch.folder,
    undefined,
    "launched from the repository's root, beside operator.toml",
  );
  const entry = words.indexOf(`${checkout}/operator/main.ts`);
  ok(entry > 0, `the launch runs the checkout's operator: ${launch.command}`);
  assertEquals(
    words.slice(words.indexOf("run") + 1, entry),
    taskFlags("operator", "operator/main.ts"),
    "the operator task's flags, no more and no fewer",
  );
  assertEquals(words.slice(entry + 1), ["cycle"]);
  const install = steps.find((s) => /deno(@[\d.]+)? install --frozen$/.test(s.command));
  assertEquals(
    install?.folder,
    checkout,
    "digline's locked dependencies, installed in its checkout",
  );
});

Deno.test("the operator example's launch line, as written, runs a cycle in a workspace holding digline's checkout", async () => {
  const { checkout, words } = operatorExample();
  const parent = await Deno.makeTempDir({ prefix: "digline-ci-operator-" });
  const dir = await prepareScenario("steady", { policy: false, workspace: join(parent, "steady") });
  await Deno.mkdir(join(dir, checkout, ".."), { recursive: true });
  await Deno.symlink(ROOT, join(dir, checkout));
  const output = await new Deno.Command(Deno.execPath(), {
    args: words.slice(words.indexOf("run")),
    cwd: dir,
    stdout: "piped",
    stderr: "piped",
  }).output();
  const said = new TextDecoder().decode(output.stdout) + new TextDecoder().decode(output.stderr);
  assertEquals(output.code, 0, said);
  ok(/steady/.test(said), said);
  ok([...Deno.readDirSync(join(dir, ".digline", "default", "operator"))].length > 0);
});

Deno.test("no CI example runs a task of digline's in the user's repository: only `deno task install`, inside digline's own checkout", () => {
  const examples = yamlFiles("examples", "ci");
  ok(examples.length >= 5, examples.join(", "));
  for (const file of examples) {
    const text = Deno.readTextFileSync(join(ROOT, file));
    for (const [, task] of text.matchAll(/deno(?:@[\d.]+)? task ([\w:-]+)/g)) {
      assertEquals(task, "install", `${file} runs deno task ${task}`);
    }
    // digline's own task, in its pinned checkout: `(cd DIR && deno task install)`.
    for (const line of text.split("\n").filter((l) => l.includes("deno task install"))) {
      match(line, /\(cd (?:\/tmp\/digline|"\$tool") && deno task install( --no-types)?\)/, file);
    }
  }
});
