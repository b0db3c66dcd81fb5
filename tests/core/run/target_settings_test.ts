import { deepStrictEqual as assertEquals } from "node:assert/strict";
import { compareRuns } from "../../../core/compare/compare_runs.ts";
import { explainLines } from "../../../core/compare/explain_lines.ts";
import { RunDocumentSchema } from "../../../core/run/run_document.ts";
import { validateRunDocument } from "../../../core/generated/validators.js";
import { settingChanges, targetSettingsOf } from "../../../core/run/target_settings.ts";
import { fakeRun } from "../_runs.ts";

const A = "20261130-000000-000-aaaaaa";
const B = "20261130-000001-000-bbbbbb";

function provider(overrides: Record<string, unknown>, prompt = "Q: {{q}}") {
  return {
    kind: "provider",
    prompt,
    connection: {
      provider: "openai" as const,
      model: "local",
      base_url: "http://127.0.0.1:8080/v1",
      headers: {},
      query: {},
      circuit_failures: 5,
      ...overrides,
    },
  };
}

Deno.test("a model target's settings are recorded with its prompts by digest, never their text", () => {
  const settings = targetSettingsOf(
    provider({ system: "Be kind.", temperature: 0.2, seed: 7, extra_body: { top_k: 1 } }),
  );
  assertEquals(settings?.endpoint, "127.0.0.1:8080");
  assertEquals(JSON.stringify(settings).includes("Be kind."), false);
  assertEquals(JSON.stringify(settings).includes("Q: {{q}}"), false);
  assertEquals(settings?.system?.startsWith("sha256:"), true);
  assertEquals(targetSettingsOf({ kind: "module" }), undefined);
});

Deno.test("each setting that differs is named, with both sides; a side that did not give one is unset", () => {
  const before = targetSettingsOf(provider({ temperature: 0, system: "a", seed: 1 }));
  const after = targetSettingsOf(
    provider({ temperature: 1.5, system: "b", extra_body: { top_p: 0.5, top_k: 3 } }),
  );
  const changes = settingChanges(before, after);
  assertEquals(changes.map((c) => c.setting), [
    "system prompt",
    "temperature",
    "top_p",
    "seed",
    "extra_body.top_k",
  ]);
  assertEquals(changes[1], { setting: "temperature", from: "0", to: "1.5" });
  assertEquals(changes[3], { setting: "seed", from: "1", to: "unset" });
});

Deno.test("compare states a target-changed fact per setting; a run without settings compares as before", () => {
  const base = { ...fakeRun(A, [{ id: "a", statuses: { correct: "pass" } }]) };
  const old = { ...base, target_settings: targetSettingsOf(provider({ temperature: 0 })) };
  const now = {
    ...fakeRun(B, [{ id: "a", statuses: { correct: "pass" } }]),
    target_settings: targetSettingsOf(provider({ temperature: 1.5 })),
  };
  const comparison = compareRuns(old, now);
  assertEquals(comparison.verdict, 0);
  assertEquals(
    explainLines(comparison).filter((l) => l.startsWith("target-changed")),
    ["target-changed  temperature  0 → 1.5"],
  );
  // An older baseline without the field: nothing is said to have changed.
  const older = compareRuns(base, now);
  assertEquals(older.facts.filter((f) => f.kind === "target-changed"), []);
});

Deno.test("a run with target settings is read by the generated validator and the schema alike", () => {
  const run = {
    ...fakeRun(A, [{ id: "a", statuses: { correct: "pass" } }]),
    target_settings: targetSettingsOf(provider({ temperature: 0, extra_body: { top_k: 1 } })),
  };
  // In the schema's key order, as assembleRun writes it.
  const { target_settings, ...rest } = run;
  const ordered = Object.fromEntries(
    Object.entries(rest).flatMap(([k, v]) =>
      k === "target" ? [[k, v], ["target_settings", target_settings]] : [[k, v]]
    ),
  );
  assertEquals(RunDocumentSchema.safeParse(ordered).success, true);
  assertEquals(validateRunDocument(ordered), true);
  assertEquals(validateRunDocument({ ...ordered, target_settings: { provider: 1 } }), false);
});
