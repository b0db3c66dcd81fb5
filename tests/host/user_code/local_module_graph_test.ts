import { deepStrictEqual as assertEquals } from "node:assert/strict";
import { join } from "node:path";
import { localModuleGraph } from "../../../host/user_code/local_module_graph.ts";
import { ROOT, workspace } from "../../cli/_cli.ts";

Deno.test("a suite's local graph holds every file reached by a literal import, once each, by path relative to the suite", async () => {
  const dir = await workspace({
    "suite/suite.ts": [
      `import { custom } from "${ROOT}/mod.ts";`,
      'import { a } from "./a.ts";',
      'export * from "../shared/b.js";',
      'import "./side.js";',
      'import table from "./table.json" with { type: "json" };',
      'const later = () => import("./later.js");',
      'import { z } from "npm:zod";',
      'import { y } from "digline";',
      'import { x } from "https://example.com/x.ts";',
      '// import { gone } from "./gone.ts";',
    ].join("\n"),
    "suite/a.ts": 'import { b } from "../shared/b.js";\nexport const a = b;\n',
    "shared/b.js": 'import { a } from "../suite/a.ts";\nexport const b = 1;\n',
    "suite/side.js": "globalThis.x = 1;\n",
    "suite/table.json": "{}\n",
    "suite/later.js": "export {};\n",
    "suite/unreached.js": "export {};\n",
  });
  const graph = await localModuleGraph(join(dir, "suite", "suite.ts"));
  assertEquals(graph.map((file) => file.path), [
    "../shared/b.js",
    "a.ts",
    "later.js",
    "side.js",
    "suite.ts",
    "table.json",
  ]);
  // The same tree elsewhere digests alike; an edit anywhere in it does not.
  const copy = await workspace({});
  await new Deno.Command("cp", { args: ["-a", `${dir}/.`, copy] }).output();
  assertEquals(await localModuleGraph(join(copy, "suite", "suite.ts")), graph);
  await Deno.writeTextFile(join(copy, "shared", "b.js"), "export const b = 2;\n");
  const edited = await localModuleGraph(join(copy, "suite", "suite.ts"));
  assertEquals(edited.filter((f, i) => f.sha256 !== graph[i].sha256).map((f) => f.path), [
    "../shared/b.js",
  ]);
});

Deno.test("a bare name the process's import map gives a local file is followed into the graph, as the installed command resolves it", async () => {
  const dir = await workspace({
    "suite/suite.ts": 'import { rule } from "@/rule.ts";\nimport { z } from "zod";\n',
    "src/rule.ts": 'import { limit } from "./limit.ts";\nexport const rule = limit;\n',
    "src/limit.ts": "export const limit = 3;\n",
    "map.json": "",
    "print.ts": [
      `import { localModuleGraph } from "${ROOT}/host/user_code/local_module_graph.ts";`,
      "const graph = await localModuleGraph(Deno.args[0]);",
      "console.log(JSON.stringify(graph.map((file) => file.path)));",
    ].join("\n"),
  });
  // The map the installed command runs with holds the project's bare names by absolute path.
  await Deno.writeTextFile(
    join(dir, "map.json"),
    JSON.stringify({ imports: { "@/": `${join(dir, "src")}/`, zod: "npm:zod@4.6.7" } }),
  );
  const { code, stdout, stderr } = await new Deno.Command(Deno.execPath(), {
    args: [
      "run",
      "--no-config",
      "--no-lock",
      `--import-map=${join(dir, "map.json")}`,
      "--allow-read",
      join(dir, "print.ts"),
      join(dir, "suite", "suite.ts"),
    ],
    env: { NO_COLOR: "1" },
  }).output();
  assertEquals(code, 0, new TextDecoder().decode(stderr));
  assertEquals(JSON.parse(new TextDecoder().decode(stdout)), [
    "../src/limit.ts",
    "../src/rule.ts",
    "suite.ts",
  ]);
});
