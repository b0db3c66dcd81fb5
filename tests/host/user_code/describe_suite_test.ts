import { deepStrictEqual as assertEquals } from "node:assert/strict";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { describeSuiteModule } from "../../../host/user_code/describe_suite.ts";
import { deepVarsSuiteModule } from "../../support/deep_suite.ts";

async function describedWithVars(depth: number) {
  const dir = await Deno.makeTempDir();
  const path = join(dir, "suite.ts");
  await Deno.writeTextFile(path, deepVarsSuiteModule(depth));
  try {
    return await describeSuiteModule(pathToFileURL(path).href, {
      source: "suite.ts",
      loadTimeoutMs: 30_000,
    });
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
}

Deno.test("the suite's Worker refuses a value nested too deep at its key instead of cutting the copy", async () => {
  const described = await describedWithVars(20_000);
  assertEquals(described, { kind: "too-deep", path: ["cases", 0, "vars"] });
});

Deno.test("the suite's Worker copies a value nested as deep as the loader reads whole", async () => {
  const described = await describedWithVars(60);
  if (described.kind !== "suite") throw new Error(`described as ${described.kind}`);
  const cases = described.definition.cases as { vars: Record<string, unknown> }[];
  let vars = cases[0].vars;
  let depth = 0;
  while (Object.keys(vars).length > 0) {
    vars = vars.a as Record<string, unknown>;
    depth++;
  }
  assertEquals(depth, 60);
});
