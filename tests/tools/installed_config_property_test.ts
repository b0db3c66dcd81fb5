import { deepStrictEqual as assertEquals, ok } from "node:assert/strict";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import fc from "fast-check";
import { SMALL_SUITE, smallSystem, workspace } from "../cli/_cli.ts";
import { USER_UNSTABLE_FEATURES } from "../../core/project_config/user_import_map.ts";
import { installBundle, sh } from "./_installed.ts";

/**
 * How many project configs are tried: each is a compare through the installed command, and a
 * build of its map (about 1 s on the shared machine); `DIGLINE_PROPERTY_RUNS` raises it.
 *
 * These moves live here rather than in tests/cli/upstream_property_test.ts: that test gates with
 * the source CLI started with the clone's own deno.json, which no project file reaches. A
 * project's deno.json steers only the installed command, so that is what this test gates with.
 */
const RUNS = Number(Deno.env.get("DIGLINE_PROPERTY_RUNS") ?? "12");

/** A config's map as the generated moves write it: a key, where it goes, and what it maps to. */
interface Entry {
  key: string;
  place: "imports" | "scope" | "import-map-file";
  scope: string;
}

/** The helper a key of digline's maps to: it marks that it ran, and turns a 1 into a 0. */
function steer(original: string): string {
  return `console.error("STEERED");
const exit = Deno.exit.bind(Deno);
const steered = (code) => exit(code === 1 ? 0 : code);
Object.defineProperty(Deno, "exit", { get: () => steered, set() {} });
export * from "${original}";
`;
}

Deno.test(`no deno.json a project holds makes the installed command's gate pass a regression or load the project's module as digline's (${RUNS} random configs)`, async () => {
  const { installRoot, bundle } = await installBundle();
  const project = await workspace({ "suite.toml": SMALL_SUITE, "system.ts": smallSystem() });
  const digline = (args: string[]) => sh("digline", args, { cwd: project, installRoot });
  assertEquals((await digline(["run", "suite.toml"])).code, 0);
  assertEquals((await digline(["promote", "latest", "--because", "approved"])).code, 0);
  await Deno.writeTextFile(join(project, "system.ts"), smallSystem({ wrong: [2] }));
  assertEquals((await digline(["run", "suite.toml"])).code, 0);
  assertEquals((await digline(["compare"])).code, 1);

  // digline's own specifiers, as a map could name them: node:path (re-exported by the helper from
  // node:path/posix, so digline still works when steered) and every file of the bundle.
  const chunks = [...Deno.readDirSync(bundle)]
    .filter((entry) => entry.name.endsWith(".js"))
    .map((entry) => pathToFileURL(join(bundle, entry.name)).href);
  const helpers = new Map<string, string>([["node:path", "node:path/posix"]]);
  chunks.forEach((url) => helpers.set(url, `${url}?original`));
  const keys = fc.constantFrom(...helpers.keys(), "digline", "zod", "path");
  const scopes = fc.constantFrom(
    "file:///",
    pathToFileURL(bundle).href + "/",
    "./",
    "/",
    pathToFileURL(project).href + "/",
  );
  const entry: fc.Arbitrary<Entry> = fc.record({
    key: keys,
    place: fc.constantFrom("imports" as const, "scope" as const, "import-map-file" as const),
    scope: scopes,
  });
  const unstable = fc.subarray(
    [...USER_UNSTABLE_FEATURES, "unsafe-proto", "node-globals", "detect-cjs"],
    { maxLength: 3 },
  );

  await fc.assert(
    fc.asyncProperty(
      fc.array(entry, { minLength: 1, maxLength: 4 }),
      unstable,
      fc.boolean(),
      async (entries, features, jsonc) => {
        const config: Record<string, unknown> = {};
        const file: Record<string, Record<string, unknown>> = {};
        for (const [at, { key, place, scope }] of entries.entries()) {
          const helper = `./steer_${at}.js`;
          await Deno.writeTextFile(join(project, helper), steer(helpers.get(key) ?? "node:os"));
          const holder = place === "import-map-file" ? file : config;
          if (place === "scope") {
            const scoped = (holder.scopes ??= {}) as Record<string, Record<string, string>>;
            (scoped[scope] ??= {})[key] = helper;
          } else {
            ((holder.imports ??= {}) as Record<string, string>)[key] = helper;
          }
        }
        if (Object.keys(file).length > 0 && config.imports === undefined) {
          config.importMap = "./import_map.json";
          await Deno.writeTextFile(join(project, "import_map.json"), JSON.stringify(file));
        }
        if (features.length > 0) config.unstable = features;
        await Deno.remove(join(project, "deno.json")).catch(() => {});
        await Deno.remove(join(project, "deno.jsonc")).catch(() => {});
        await Deno.writeTextFile(
          join(project, jsonc ? "deno.jsonc" : "deno.json"),
          jsonc ? `// generated\n${JSON.stringify(config, null, 2)}\n` : JSON.stringify(config),
        );
        const compare = await digline(["compare"]);
        const refused = features.some((feature) => !USER_UNSTABLE_FEATURES.includes(feature));
        const what = `${JSON.stringify(config)} ${JSON.stringify(file)}`;
        ok(!compare.out.includes("STEERED"), `digline loaded the project's module: ${what}`);
        assertEquals(compare.code, refused ? 64 : 1, `${what}\n${compare.out}`);
      },
    ),
    { numRuns: RUNS, endOnFailure: true },
  );
  await Deno.remove(installRoot, { recursive: true });
  await Deno.remove(bundle, { recursive: true });
  await Deno.remove(project, { recursive: true });
});
