import { deepStrictEqual as assertEquals, match } from "node:assert/strict";
import { join } from "node:path";
import { VerifyDocumentSchema } from "../../core/documents/mod.ts";
import { cli, SMALL_SUITE, smallSystem, workspace } from "./_cli.ts";

async function savedComparison(): Promise<{ cwd: string; saved: Record<string, unknown> }> {
  const cwd = await workspace({ "suite.toml": SMALL_SUITE, "system.ts": smallSystem() });
  await cli(["run", "suite.toml"], { cwd });
  await cli(["promote", "latest", "--because", "ok"], { cwd });
  await Deno.writeTextFile(join(cwd, "system.ts"), smallSystem({ wrong: [2] }));
  await cli(["run", "suite.toml"], { cwd });
  const compare = await cli(["compare", "--json"], { cwd });
  await Deno.writeTextFile(join(cwd, "compare.json"), compare.stdout);
  return { cwd, saved: JSON.parse(compare.stdout) };
}

Deno.test("a saved compare payload holds against the store it came from", async () => {
  const { cwd } = await savedComparison();
  const result = await cli(["verify", "compare.json", "--json"], { cwd });
  assertEquals(result.code, 0, result.stdout + result.stderr);
  const document = VerifyDocumentSchema.parse(JSON.parse(result.stdout));
  assertEquals(document.broken, []);
  assertEquals(document.fields.every((f) => f.status === "holds"), true);
});

Deno.test("an edited payload does not hold, and verify names the field (exit 1)", async () => {
  const { cwd, saved } = await savedComparison();
  await Deno.writeTextFile(join(cwd, "edited.json"), JSON.stringify({ ...saved, verdict: 0 }));
  const result = await cli(["verify", "edited.json"], { cwd });
  assertEquals(result.code, 1);
  match(result.stdout, /does not hold: verdict differs from what the store says/);
});

Deno.test("a payload saved before a field existed keeps holding", async () => {
  const { cwd, saved } = await savedComparison();
  const older = { ...saved };
  delete older.baseline_runs;
  delete older.causes_by_kind;
  await Deno.writeTextFile(join(cwd, "older.json"), JSON.stringify(older));
  const result = await cli(["verify", "older.json"], { cwd });
  assertEquals(result.code, 0, result.stdout);
});

Deno.test("a field this digline does not know does not hold", async () => {
  const { cwd, saved } = await savedComparison();
  await Deno.writeTextFile(join(cwd, "extra.json"), JSON.stringify({ ...saved, approved: true }));
  const result = await cli(["verify", "extra.json"], { cwd });
  assertEquals(result.code, 1);
  match(result.stdout, /approved is not a field this digline knows/);
});

Deno.test("a payload naming a run the store does not have is refused (64)", async () => {
  const { cwd, saved } = await savedComparison();
  await Deno.writeTextFile(
    join(cwd, "missing.json"),
    JSON.stringify({ ...saved, candidate_run: "20200101-000000-000-000000" }),
  );
  const result = await cli(["verify", "missing.json"], { cwd });
  assertEquals(result.code, 64);
  assertEquals(result.stderr.trim().split("\n").length, 1);
});
