import { deepStrictEqual as assertEquals, ok } from "node:assert/strict";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { ROOT, SMALL_SUITE, smallSystem, workspace } from "../cli/_cli.ts";
import { installBundle, sh } from "./_installed.ts";

let shared: ReturnType<typeof installBundle> | undefined;

/** One install for the whole file: each test's project is a folder of its own. */
function installed(): ReturnType<typeof installBundle> {
  shared ??= installBundle().then((install) => {
    globalThis.addEventListener("unload", () => {
      Deno.removeSync(install.installRoot, { recursive: true });
      Deno.removeSync(install.bundle, { recursive: true });
    });
    return install;
  });
  return shared;
}

/**
 * A helper a pull request could add beside a deno.json that maps one of digline's own modules
 * to it: it says it ran, and turns the gate's "worse" (1) into "not worse" (0).
 */
const STEER = `console.error("STEERED: digline's own code loaded the project's module");
const exit = Deno.exit.bind(Deno);
const steered = (code) => exit(code === 1 ? 0 : code);
Object.defineProperty(Deno, "exit", { get: () => steered, set() {} });
export * from "node:path/posix";
export { default } from "node:path/posix";
`;

/** A project whose approved run passes and whose latest run is worse (compare exits 1). */
async function worseProject(installRoot: string): Promise<string> {
  const project = await workspace({ "suite.toml": SMALL_SUITE, "system.ts": smallSystem() });
  const digline = (args: string[]) => sh("digline", args, { cwd: project, installRoot });
  assertEquals((await digline(["run", "suite.toml"])).code, 0);
  const promote = await digline(["promote", "latest", "--because", "first approval"]);
  assertEquals(promote.code, 0, promote.out);
  await Deno.writeTextFile(join(project, "system.ts"), smallSystem({ wrong: [2] }));
  assertEquals((await digline(["run", "suite.toml"])).code, 0);
  const worse = await digline(["compare"]);
  assertEquals(worse.code, 1, worse.out);
  return project;
}

/** The first chunk the bundle's CLI imports, as the URL an import map would name it by. */
async function firstChunkUrl(bundle: string): Promise<string> {
  const cli = await Deno.readTextFile(join(bundle, "cli.js"));
  const chunk = cli.match(/from\s+"\.\/([^"]+\.js)"/)?.[1];
  ok(chunk !== undefined, "cli.js imports no chunk");
  return pathToFileURL(join(bundle, chunk)).href;
}

Deno.test({
  name:
    "the installed command gates a regression as worse whatever the project's deno.json maps node:path, a chunk of digline's bundle or a scope to",
  sanitizeResources: false,
  fn: async () => {
    const { installRoot, bundle } = await installed();
    const project = await worseProject(installRoot);
    await Deno.writeTextFile(join(project, "steer.js"), STEER);
    const chunk = await firstChunkUrl(bundle);
    await Deno.writeTextFile(
      join(project, "steer_chunk.js"),
      `console.error("STEERED: a chunk of digline's bundle was the project's");\n` +
        `export * from "${chunk}?original";\n`,
    );
    const configs: Record<string, unknown> = {
      "node:path in imports": { imports: { "node:path": "./steer.js" } },
      "node:path in a scope covering every file": {
        scopes: { "file:///": { "node:path": "./steer.js" } },
      },
      "a chunk of the bundle by its URL": { imports: { [chunk]: "./steer_chunk.js" } },
      "node:path in an import map file the config names": { importMap: "./map.json" },
    };
    await Deno.writeTextFile(
      join(project, "map.json"),
      JSON.stringify({ imports: { "node:path": "./steer.js" } }),
    );
    const steered: string[] = [];
    for (const [what, config] of Object.entries(configs)) {
      await Deno.writeTextFile(join(project, "deno.json"), JSON.stringify(config));
      const compare = await sh("digline", ["compare"], { cwd: project, installRoot });
      const held = compare.code === 1 && compare.stdout.startsWith("WORSE (exit 1)") &&
        !compare.out.includes("STEERED");
      if (!held) steered.push(`${what}: exit ${compare.code}, ${compare.stderr.trim()}`);
    }
    assertEquals(steered, []);
    await Deno.remove(project, { recursive: true });
  },
});

Deno.test({
  name:
    "the installed command runs a code-form suite that imports digline and an npm package through the project's deno.jsonc, and leaves its lock file as it was",
  sanitizeResources: false,
  fn: async () => {
    const { installRoot, bundle } = await installed();
    const project = await workspace({
      "deno.jsonc": `{
  // The library and a package, as a project maps them for its suites.
  "imports": {
    "digline": ${JSON.stringify(join(bundle, "digline.js"))},
    "zod": "npm:zod@4.6.7", // trailing commas and comments, as Deno reads them
  },
}
`,
      "evals/greeter.ts": `import { defineSuite, equals } from "digline";
import { z } from "zod";
export const suite = defineSuite({
  name: "greeter",
  target: (vars) => \`Hello, \${z.string().parse(vars.name)}!\`,
  assertions: [equals({ name: "exact" })],
  cases: [{ id: "ada", vars: { name: "Ada" }, expected: "Hello, Ada!" }],
});
`,
    });
    // The lock a project's own `deno install` writes, which a run adds nothing to.
    const install = await sh(Deno.execPath(), ["install"], { cwd: project, installRoot });
    assertEquals(install.code, 0, install.out);
    const lock = await Deno.readTextFile(join(project, "deno.lock"));
    for (const attempt of ["builds the map", "reads the map it built"]) {
      const run = await sh("digline", ["run", "greeter.ts"], {
        cwd: join(project, "evals"),
        installRoot,
      });
      assertEquals(run.code, 0, `${attempt}: ${run.out}`);
      ok(run.out.includes("1 case: 1 check passed"), run.out);
    }
    assertEquals(await Deno.readTextFile(join(project, "deno.lock")), lock);
    await Deno.remove(project, { recursive: true });
  },
});

Deno.test({
  name:
    "an import map file the project's deno.json names is read again at each start, and only its bare entries reach user code",
  sanitizeResources: false,
  fn: async () => {
    const { installRoot } = await installed();
    const system = `import { greeting } from "greeting";
export function answer(vars) { return greeting + vars.n; }
`;
    const project = await workspace({
      "suite.toml": SMALL_SUITE,
      "system.ts": system,
      "deno.json": JSON.stringify({ importMap: "./maps/import_map.json" }),
      "maps/a.js": `export const greeting = "a";\n`,
      "maps/b.js": `export const greeting = "b";\n`,
    });
    const mapTo = (file: string) =>
      Deno.writeTextFile(
        join(project, "maps", "import_map.json"),
        JSON.stringify({ imports: { greeting: file, "node:path": file } }),
      );
    await mapTo("./a.js");
    const passing = await sh("digline", ["run", "suite.toml"], { cwd: project, installRoot });
    assertEquals(passing.code, 0, passing.out);
    ok(passing.out.includes("6 checks passed, 0 failed"), passing.out);
    await mapTo("./b.js");
    const failing = await sh("digline", ["run", "suite.toml"], { cwd: project, installRoot });
    assertEquals(failing.code, 0, failing.out);
    ok(failing.out.includes("0 checks passed, 6 failed"), failing.out);
    await Deno.remove(project, { recursive: true });
  },
});

Deno.test({
  name:
    "the installed command refuses a deno.json whose unstable list would change how digline's own code runs, in one line naming it, before anything is stored",
  sanitizeResources: false,
  fn: async () => {
    const { installRoot } = await installed();
    const project = await workspace({
      "suite.toml": SMALL_SUITE,
      "system.ts": smallSystem(),
      "deno.json": JSON.stringify({ unstable: ["kv", "unsafe-proto"] }),
    });
    const run = await sh("digline", ["run", "suite.toml"], { cwd: project, installRoot });
    assertEquals(run.code, 64, run.out);
    assertEquals(run.stdout, "");
    assertEquals(
      run.stderr,
      `digline: ${
        join(project, "deno.json")
      }: "unstable" turns on "unsafe-proto", which would change how digline's own code runs in the same process; remove it from the list to run digline in this project\n`,
    );
    await Deno.stat(join(project, ".digline")).then(
      () => ok(false, "a store was made"),
      (error) => ok(error instanceof Deno.errors.NotFound),
    );
    await Deno.remove(project, { recursive: true });
  },
});

Deno.test({
  name:
    "a workspace root above the project's deno.json is read for its unstable list, again whenever it changes",
  sanitizeResources: false,
  fn: async () => {
    const { installRoot } = await installed();
    const root = await workspace({
      "deno.json": JSON.stringify({ workspace: ["./app"], unstable: ["kv"] }),
      "app/deno.json": JSON.stringify({ imports: {} }),
      "app/suite.toml": SMALL_SUITE,
      "app/system.ts": smallSystem(),
    });
    const app = join(root, "app");
    const first = await sh("digline", ["run", "suite.toml"], { cwd: app, installRoot });
    assertEquals(first.code, 0, first.out);
    await Deno.writeTextFile(
      join(root, "deno.json"),
      JSON.stringify({ workspace: ["./app"], unstable: ["kv", "unsafe-proto"] }),
    );
    const again = await sh("digline", ["run", "suite.toml"], { cwd: app, installRoot });
    assertEquals(again.code, 64, again.out);
    assertEquals(
      again.stderr,
      `digline: ${
        join(root, "deno.json")
      }: "unstable" turns on "unsafe-proto", which would change how digline's own code runs in the same process; remove it from the list to run digline in this project\n`,
    );
    await Deno.remove(root, { recursive: true });
  },
});

Deno.test("deno task install --from a bundle with no map builder beside its cli.js is refused, and installs nothing", async () => {
  const { bundle } = await installed();
  const old = await Deno.makeTempDir({ prefix: "digline-old-bundle-" });
  await Deno.copyFile(join(bundle, "cli.js"), join(old, "cli.js"));
  const installRoot = await Deno.makeTempDir({ prefix: "digline-install-" });
  const install = await sh(Deno.execPath(), ["task", "install", "--from", join(old, "cli.js")], {
    cwd: ROOT,
    installRoot,
  });
  assertEquals(install.code, 64, install.out);
  ok(install.stderr.includes(`digline: ${old} holds no user_import_map.js beside cli.js;`));
  assertEquals([...Deno.readDirSync(installRoot)], []);
  await Deno.remove(old, { recursive: true });
  await Deno.remove(installRoot, { recursive: true });
});
