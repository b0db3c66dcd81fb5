import { loadSuite } from "/work/main/host/suite_loader/mod.ts";
const r = await loadSuite(Deno.args[0]);
console.log(JSON.stringify(r, null, 1));
