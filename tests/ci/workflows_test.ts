import { deepStrictEqual as assertEquals, ok } from "node:assert/strict";
import { join } from "node:path";
import { validateAction, validateWorkflow } from "@action-validator/core";
import { ROOT } from "../cli/_cli.ts";
import { workflow } from "../../host/init/scaffold_files.ts";

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
  const scaffold = validateWorkflow(workflow({ action: "someone/digline@v1" }));
  assertEquals(scaffold.errors, [], errorsOf(scaffold));
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
