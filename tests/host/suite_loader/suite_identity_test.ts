import { equal, notEqual } from "node:assert/strict";
import { fileURLToPath } from "node:url";
import { loadSuite } from "../../../host/suite_loader/mod.ts";

const ROOT = fileURLToPath(new URL("../../../", import.meta.url));
const DIR = "tests/fixtures/suites/identity";

async function identity(name: string): Promise<{ cases: string; config: string }> {
  const { suite } = await loadSuite(`${DIR}/${name}.toml`, { cwd: ROOT });
  return { cases: suite.cases_digest, config: suite.config_hash };
}

Deno.test("the cases digest does not depend on case order", async () => {
  const base = await identity("base");
  const reordered = await identity("reordered");
  equal(reordered.cases, base.cases);
  equal(reordered.config, base.config);
});

Deno.test(
  "config_hash moves when an assertion parameter changes and not when a comment does",
  async () => {
    const base = await identity("base");
    // Comments, key order, a dotted key for an inline table and a default written out.
    equal((await identity("commented")).config, base.config);
    equal((await identity("commented")).cases, base.cases);
    const changed = await identity("parameter_changed");
    notEqual(changed.config, base.config);
    equal(changed.cases, base.cases);
  },
);
