import { deepStrictEqual as assertEquals } from "node:assert/strict";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { findDynamicImport } from "../../../host/checks/dynamic_imports.ts";
import { workspace } from "../../cli/_cli.ts";

Deno.test("the search for a dynamic import reads every file of the suite's local graph, however long the chain to it", async () => {
  const files: Record<string, string> = {};
  const length = 2100;
  for (let i = 0; i < length; i++) {
    files[`m${i}.ts`] = i + 1 < length
      ? `import "./m${i + 1}.ts";\nexport const n${i} = ${i};\n`
      : 'export const load = (name: string) => import("npm:" + name);\n';
  }
  const dir = await workspace(files);
  const found = await findDynamicImport(pathToFileURL(join(dir, "m0.ts")).href);
  assertEquals(found?.line, 1);
  assertEquals(found?.file.endsWith(`m${length - 1}.ts`), true);
});

Deno.test("an import() of one of the runtime's own modules is not a dynamic import that reaches a registry", async () => {
  const dir = await workspace({
    "suite.ts": 'const fs = await import("node:fs");\nexport { fs };\n',
  });
  assertEquals(await findDynamicImport(pathToFileURL(join(dir, "suite.ts")).href), undefined);
});
