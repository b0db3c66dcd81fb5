import { loadSuite } from "../host/suite_loader/mod.ts";
for (const f of Deno.args) {
  const r = await loadSuite(f);
  console.log(f, r.suite.cases_digest, r.suite.config_hash);
}
