import { deepStrictEqual as assertEquals, match, ok } from "node:assert/strict";
import { join } from "node:path";
import { cliFlags } from "../cli/_cli.ts";
import { buildBundle, BUNDLE_MANIFEST } from "../../tools/bundle.ts";

const decoder = new TextDecoder();

const CODE_SUITE = `import { custom, defineSuite, equals } from "digline";

export const suite = defineSuite({
  name: "greeter",
  target: { module: "system.ts", export: "answer" },
  assertions: [
    equals({ name: "exact" }),
    custom({ name: "polite", check: ({ output }) => ({ status: output.endsWith("!") ? "pass" : "fail" }) }),
  ],
  cases: [
    { id: "ada", vars: { name: "Ada" }, expected: "Hello, Ada!" },
    { id: "bo", vars: { name: "Bo" }, expected: "Hello, Bo!" },
  ],
});
`;

Deno.test({
  name:
    "the bundle copied out of the clone runs a code-form suite that imports it as `digline`, through cli.js and digline.js alike",
  sanitizeResources: false,
  fn: async () => {
    const dir = await Deno.makeTempDir({ prefix: "digline-bundle-" });
    const built = join(dir, "built");
    assertEquals(await buildBundle(built), 0);
    // As a user vendors it: the files the build lists, copied together into a folder.
    const vendor = join(dir, "vendor", "digline");
    await Deno.mkdir(vendor, { recursive: true });
    const files: string[] = JSON.parse(await Deno.readTextFile(join(built, BUNDLE_MANIFEST)));
    ok(files.includes("digline.js") && files.includes("cli.js") && files.includes("run_worker.js"));
    ok(files.includes("digline.d.ts") && files.includes("types"), "the declarations are listed");
    for (const file of files) await copyTree(join(built, file), join(vendor, file));
    await Deno.remove(built, { recursive: true });
    await Deno.writeTextFile(
      join(dir, "deno.json"),
      JSON.stringify({ imports: { digline: "./vendor/digline/digline.js" } }),
    );
    await Deno.writeTextFile(join(dir, "suite.ts"), CODE_SUITE);
    await Deno.writeTextFile(
      join(dir, "system.ts"),
      "export function answer(vars: { name: string }): string { return `Hello, ${vars.name}!`; }\n",
    );
    const digline = async (argv: string[], entry = "cli.js") => {
      const out = await new Deno.Command(Deno.execPath(), {
        args: ["run", ...cliFlags(), join("vendor", "digline", entry), ...argv],
        cwd: dir,
        env: { NO_COLOR: "1" },
        stdout: "piped",
        stderr: "piped",
      }).output();
      return { code: out.code, out: decoder.decode(out.stdout) + decoder.decode(out.stderr) };
    };
    // The vendored library carries its types: the suite type-checks against them, and a misspelt
    // option is a type error, so the types are not `any`.
    const check = async () => {
      const out = await new Deno.Command(Deno.execPath(), {
        args: ["check", "suite.ts"],
        cwd: dir,
        env: { NO_COLOR: "1" },
        stdout: "piped",
        stderr: "piped",
      }).output();
      return { code: out.code, out: decoder.decode(out.stderr) };
    };
    const typed = await check();
    assertEquals(typed.code, 0, typed.out);
    await Deno.writeTextFile(
      join(dir, "suite.ts"),
      CODE_SUITE.replace('equals({ name: "exact" })', 'equals({ nmae: "exact" })'),
    );
    const mistyped = await check();
    assertEquals(mistyped.code, 1, "a misspelt option fails deno check");
    match(mistyped.out, /nmae/);
    // The declarations keep the vars' type parameter: a typed target types the cases.
    const typedTarget = "target: (vars: { name: string }) => `Hello, ${vars.name}!`";
    const byTarget = CODE_SUITE.replace(
      'target: { module: "system.ts", export: "answer" }',
      typedTarget,
    );
    await Deno.writeTextFile(join(dir, "suite.ts"), byTarget);
    const typedVars = await check();
    assertEquals(typedVars.code, 0, typedVars.out);
    await Deno.writeTextFile(
      join(dir, "suite.ts"),
      byTarget.replace('{ name: "Bo" }', '{ nmae: "Bo" }'),
    );
    const misspeltVar = await check();
    assertEquals(misspeltVar.code, 1, "a misspelt key of a case's vars fails deno check");
    match(misspeltVar.out, /nmae/);
    await Deno.writeTextFile(join(dir, "suite.ts"), CODE_SUITE);
    const run = await digline(["run", "suite.ts"]);
    assertEquals(run.code, 0, run.out);
    match(run.out, /2 cases: 4 checks passed, 0 failed, 0 errored/);
    assertEquals((await digline(["promote", "latest", "--because", "first"])).code, 0);
    await Deno.writeTextFile(
      join(dir, "system.ts"),
      "export function answer(vars: { name: string }): string { return `Hello, ${vars.name}.`; }\n",
    );
    assertEquals((await digline(["run", "suite.ts"], "digline.js")).code, 0);
    const compare = await digline(["compare"]);
    assertEquals(compare.code, 1, compare.out);
    match(compare.out, /^WORSE \(exit 1\)/);
    // The suite's library and the CLI are one copy of digline: a check the library refuses as
    // the suite loads is the CLI's refusal (64, located), not an unanticipated error (70).
    await Deno.writeTextFile(
      join(dir, "suite.ts"),
      CODE_SUITE.replace(
        'equals({ name: "exact" }),',
        'equals({ name: "exact" }), regex({ name: "bad", pattern: "(" }),',
      )
        .replace(
          "import { custom, defineSuite, equals }",
          "import { custom, defineSuite, equals, regex }",
        ),
    );
    const refused = await digline(["run", "suite.ts"]);
    assertEquals(refused.code, 64, refused.out);
    match(refused.out, /AssertionShapeError.*"bad".*\(at suite\.ts:7\)/);
    await Deno.remove(dir, { recursive: true });
  },
});

Deno.test("a second build replaces the files of the first and nothing else in the folder", async () => {
  const dir = await Deno.makeTempDir({ prefix: "digline-bundle-" });
  await Deno.writeTextFile(join(dir, "keep.js"), "// the user's own\n");
  await Deno.writeTextFile(join(dir, BUNDLE_MANIFEST), JSON.stringify(["stale-OLD.js", "../x.js"]));
  await Deno.writeTextFile(join(dir, "stale-OLD.js"), "// a chunk of an older build\n");
  // Without the declarations, which the first test builds: the manifest's rule is the same.
  assertEquals(await buildBundle(dir, { types: false }), 0);
  const names = [...Deno.readDirSync(dir)].map((e) => e.name).sort();
  const files: string[] = JSON.parse(await Deno.readTextFile(join(dir, BUNDLE_MANIFEST)));
  assertEquals(names, [...files, BUNDLE_MANIFEST, "keep.js"].sort());
  await Deno.remove(dir, { recursive: true });
});

/** Copies a file, or a folder and everything in it. */
async function copyTree(from: string, to: string): Promise<void> {
  if (!(await Deno.stat(from)).isDirectory) return await Deno.copyFile(from, to);
  await Deno.mkdir(to, { recursive: true });
  for await (const entry of Deno.readDir(from)) {
    await copyTree(join(from, entry.name), join(to, entry.name));
  }
}

/** The files an entry of the bundle imports before it runs: its static imports, to the end. */
function staticFiles(dir: string, entry: string): Set<string> {
  const seen = new Set<string>();
  const pending = [entry];
  while (pending.length > 0) {
    const file = pending.pop()!;
    if (seen.has(file)) continue;
    seen.add(file);
    const text = Deno.readTextFileSync(join(dir, file));
    for (const [, imported] of text.matchAll(/^(?:import|export)\b[^;]*?["']\.\/([^"']+)["']/gms)) {
      pending.push(imported);
    }
  }
  return seen;
}

Deno.test("the installed entry, cli.js, evaluates no zod and no library before a command asks for it", async () => {
  const dir = await Deno.makeTempDir({ prefix: "digline-bundle-" });
  assertEquals(await buildBundle(dir, { types: false }), 0);
  const holdsZod = (files: Set<string>) =>
    [...files].filter((f) =>
      Deno.readTextFileSync(join(dir, f)).includes("node_modules/.deno/zod@")
    );
  const cli = staticFiles(dir, "cli.js");
  assertEquals(holdsZod(cli), []);
  // The library entry does evaluate it, so the check above can fail.
  ok(holdsZod(staticFiles(dir, "digline.js")).length > 0, "digline.js reaches no zod");
  const cliBytes = [...cli].reduce((sum, f) => sum + Deno.statSync(join(dir, f)).size, 0);
  ok(cliBytes < 200_000, `cli.js loads ${cliBytes} bytes before a command runs`);
  await Deno.remove(dir, { recursive: true });
});
