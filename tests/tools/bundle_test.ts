import { deepStrictEqual as assertEquals, match } from "node:assert/strict";
import { join } from "node:path";
import { cliFlags, ROOT } from "../cli/_cli.ts";
import { bundleArgs } from "../../tools/install.ts";

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
  name: "the bundle copied out of the clone runs a code-form suite that imports it as `digline`",
  sanitizeResources: false,
  fn: async () => {
    const dir = await Deno.makeTempDir({ prefix: "digline-bundle-" });
    const args = bundleArgs();
    args[args.indexOf("--output") + 1] = join(dir, "vendor", "digline.js");
    const built = await new Deno.Command(Deno.execPath(), { args, cwd: ROOT }).output();
    assertEquals(built.code, 0, decoder.decode(built.stderr));
    await Deno.writeTextFile(
      join(dir, "deno.json"),
      JSON.stringify({ imports: { digline: "./vendor/digline.js" } }),
    );
    await Deno.writeTextFile(join(dir, "suite.ts"), CODE_SUITE);
    await Deno.writeTextFile(
      join(dir, "system.ts"),
      "export function answer(vars: { name: string }): string { return `Hello, ${vars.name}!`; }\n",
    );
    const digline = async (argv: string[]) => {
      const out = await new Deno.Command(Deno.execPath(), {
        args: ["run", ...cliFlags(), "vendor/digline.js", ...argv],
        cwd: dir,
        env: { NO_COLOR: "1" },
        stdout: "piped",
        stderr: "piped",
      }).output();
      return { code: out.code, out: decoder.decode(out.stdout) + decoder.decode(out.stderr) };
    };
    const run = await digline(["run", "suite.ts"]);
    assertEquals(run.code, 0, run.out);
    match(run.out, /2 cases: 4 checks passed, 0 failed, 0 errored/);
    assertEquals((await digline(["promote", "latest", "--because", "first"])).code, 0);
    await Deno.writeTextFile(
      join(dir, "system.ts"),
      "export function answer(vars: { name: string }): string { return `Hello, ${vars.name}.`; }\n",
    );
    assertEquals((await digline(["run", "suite.ts"])).code, 0);
    const compare = await digline(["compare"]);
    assertEquals(compare.code, 1, compare.out);
    match(compare.out, /^WORSE \(exit 1\)/);
    await Deno.remove(dir, { recursive: true });
  },
});
