import { deepStrictEqual as assertEquals, ok } from "node:assert/strict";
import { delimiter, dirname, join } from "node:path";
import { cliFlags, ROOT } from "../cli/_cli.ts";
import { installArgs } from "../../tools/install.ts";

const decoder = new TextDecoder();

/** Runs a command the way a user's shell would, with the installed bin folder on PATH. */
async function sh(
  command: string,
  args: string[],
  options: { cwd: string; installRoot: string },
): Promise<{ code: number; out: string }> {
  const path = [join(options.installRoot, "bin"), dirname(Deno.execPath()), Deno.env.get("PATH")]
    .join(delimiter);
  const result = await new Deno.Command(command, {
    args,
    cwd: options.cwd,
    env: { PATH: path, DENO_INSTALL_ROOT: options.installRoot, NO_COLOR: "1" },
    stdout: "piped",
    stderr: "piped",
  }).output();
  return {
    code: result.code,
    out: decoder.decode(result.stdout) + decoder.decode(result.stderr),
  };
}

Deno.test("deno task install gives the installed command exactly the digline task's flags", () => {
  const args = installArgs({ entry: "/x/dist/digline.js", name: "digline" });
  const flags = cliFlags();
  const at = args.indexOf(flags[0]);
  assertEquals(args.slice(at, at + flags.length), flags);
  // Run in the clone, deno install would find digline's deno.json and warn that the command
  // ignores it, which it must: the command reads the project's (readProjectConfig).
  ok(args.includes("--no-config"), args.join(" "));
});

Deno.test({
  name:
    "installed once, digline inits, runs, promotes and gates from a folder outside the clone, and reads that project's deno.json for a code-form suite with a custom check",
  sanitizeResources: false,
  fn: async () => {
    const installRoot = await Deno.makeTempDir({ prefix: "digline-install-" });
    const project = await Deno.makeTempDir({ prefix: "digline-project-" });
    ok(!project.startsWith(ROOT), "the project must be outside the clone");
    const install = await sh(Deno.execPath(), ["task", "install"], { cwd: ROOT, installRoot });
    assertEquals(install.code, 0, install.out);
    ok(!/config file will be ignored/i.test(install.out), install.out);

    const digline = (args: string[]) => sh("digline", args, { cwd: project, installRoot });
    // This clone has no GitHub remote, so init is told which repository and commit its CI
    // installs digline from; without it, init writes no workflow and says what to pass.
    const head = (await sh("git", ["rev-parse", "HEAD"], { cwd: ROOT, installRoot })).out.trim();
    const init = await digline(["init", "--source", `example/digline@${head}`]);
    assertEquals(init.code, 0, init.out);
    for (
      const file of ["evals/suite.toml", ".digline/.gitignore", ".github/workflows/digline.yml"]
    ) {
      await Deno.stat(join(project, file));
    }
    // Run again, the installed command writes nothing and names each file it left.
    const again = await digline(["init"]);
    assertEquals(again.code, 0, again.out);
    ok(again.out.includes("left  evals/suite.toml: it exists"), again.out);
    ok(!again.out.includes("wrote "), again.out);

    assertEquals((await digline(["run", "evals/suite.toml"])).code, 0);
    const promote = await digline(["promote", "latest", "--because", "first approval"]);
    assertEquals(promote.code, 0, promote.out);
    const same = await digline(["compare"]);
    assertEquals(same.code, 0, same.out);

    // The store and the suite's relative paths belong to the folder digline runs in.
    await Deno.stat(join(project, ".digline", "default", "runs", "my-system"));
    await Deno.writeTextFile(
      join(project, "evals", "system.ts"),
      "export function answer(vars: { name: string }): string { return `Hi, ${vars.name}!`; }\n",
    );
    assertEquals((await digline(["run", "evals/suite.toml"])).code, 0);
    const worse = await digline(["compare"]);
    assertEquals(worse.code, 1, worse.out);
    ok(worse.out.startsWith("WORSE (exit 1)"), worse.out);

    // A code-form suite imports the library through the project's own deno.json, which the
    // installed command reads from wherever in the project it runs.
    await Deno.writeTextFile(
      join(project, "deno.json"),
      JSON.stringify({ imports: { digline: join(ROOT, "dist", "digline.js") } }),
    );
    await Deno.writeTextFile(
      join(project, "evals", "greeter.ts"),
      `import { custom, defineSuite, equals } from "digline";
export const suite = defineSuite({
  name: "greeter",
  target: (vars) => \`Hello, \${vars.name}!\`,
  assertions: [
    equals({ name: "exact" }),
    // A custom check runs in the sandbox, which loads the library from the installed bundle.
    custom({ name: "polite", pure: true, check: ({ output }) => output.startsWith("Hello") }),
  ],
  cases: [{ id: "ada", vars: { name: "Ada" }, expected: "Hello, Ada!" }],
});
`,
    );
    const code = await sh("digline", ["run", "greeter.ts"], {
      cwd: join(project, "evals"),
      installRoot,
    });
    assertEquals(code.code, 0, code.out);
    ok(code.out.includes("1 case: 2 checks passed"), code.out);
    await Deno.remove(installRoot, { recursive: true });
    await Deno.remove(project, { recursive: true });
  },
});
