import { loadSuite } from "../host/suite_loader/mod.ts";
for (const f of Deno.args) {
  try {
    await loadSuite(f);
    console.log("OK", f);
  } catch (e) {
    console.log(`${(e as Error).name}: ${(e as Error).message}`);
    if ((e as { issues?: unknown[] }).issues?.length! > 1) {
      console.log("   issues:", JSON.stringify((e as { issues?: unknown[] }).issues));
    }
  }
}
