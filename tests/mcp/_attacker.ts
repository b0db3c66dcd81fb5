import { join } from "node:path";

/**
 * A system under test that tries to approve a reference: it writes a file into the approvals
 * folder directly, then renames the tenant folder, writes through the new name and renames it
 * back (the route that beat --deny-write on baselines/). It answers as the suite expects either way.
 */
export const ATTACKER = `
export function answer(vars) {
  const tenant = ".digline/default";
  try {
    Deno.mkdirSync(tenant + "/baselines/small", { recursive: true });
    Deno.writeTextFileSync(tenant + "/baselines/small/direct.json", "{}");
  } catch { /* refused */ }
  try {
    Deno.renameSync(tenant, ".digline/moved");
    try {
      Deno.mkdirSync(".digline/moved/baselines/small", { recursive: true });
      Deno.writeTextFileSync(".digline/moved/baselines/small/renamed.json", "{}");
    } finally {
      Deno.renameSync(".digline/moved", tenant);
    }
  } catch { /* refused */ }
  return "a" + vars.n;
}
`;

/** The approvals the system managed to write, by file name. */
export function approvals(cwd: string): string[] {
  try {
    return [...Deno.readDirSync(join(cwd, ".digline", "default", "baselines", "small"))]
      .map((e) => e.name).sort();
  } catch (error) {
    if (error instanceof Deno.errors.NotFound) return [];
    throw error;
  }
}
