import { deepStrictEqual as assertEquals, ok, rejects } from "node:assert/strict";
import { type DocumentKind, readDocument } from "../../../core/documents/read_document.ts";
import { DocumentRefusedError } from "../../../core/documents/document_refused.ts";
import { RefusalError } from "../../../core/errors.ts";
import type { RunDocument } from "../../../core/run/run_document.ts";
import type { Case } from "../../../core/suite/case.ts";
import { StoreDocumentError } from "../../../host/process/refusals.ts";
import { JOURNAL_HEADER } from "../../../host/journal/journal.ts";
import { SCORE } from "../../../host/running/verdicts.ts";
import { PROJECT_CONFIG } from "../../../host/project_config/user_import_map_file.ts";
import { LOCK_OWNER } from "../../../host/store/run_lock.ts";
import { BASELINE_DOCUMENT, RUN_DOCUMENT, RUN_SYNOPSIS } from "../../../host/store/stored_kinds.ts";
import { CASE } from "../../../host/suite_loader/case_kind.ts";
import { TOML_SUITE } from "../../../host/suite_loader/toml_suite.ts";
import { SHAPE_SEEDS } from "../../tools/_shape_seeds.ts";
import { VALIDATED_SHAPES } from "../../../tools/validated_shapes.ts";

/** Every kind read through readDocument, by the shape its validator is generated for. */
const KINDS: Record<string, DocumentKind<unknown>> = {
  RunDocument: RUN_DOCUMENT,
  BaselineDocument: BASELINE_DOCUMENT,
  RunSynopsis: RUN_SYNOPSIS,
  JournalHeader: JOURNAL_HEADER,
  LockOwner: LOCK_OWNER,
  Score: SCORE,
  Case: CASE,
  TomlSuite: TOML_SUITE,
  ProjectConfig: PROJECT_CONFIG,
};

for (const [shape, kind] of Object.entries(KINDS)) {
  Deno.test(`readDocument reads a valid ${shape} as its schema returns it`, async () => {
    assertEquals(kind.shape, shape);
    const { [shape]: seeds } = SHAPE_SEEDS;
    ok(seeds.length > 0);
    for (const seed of seeds) {
      const document = structuredClone(seed);
      const { [shape]: schemaOf } = await schemas();
      assertEquals(await readDocument(kind, document, { file: "d.json" }), schemaOf(seed));
    }
  });

  Deno.test(`readDocument refuses an invalid ${shape}, naming its file`, async () => {
    await rejects(readDocument(kind, ["not", "a", shape], { file: "store/x.json" }), (e) => {
      ok(e instanceof DocumentRefusedError && e instanceof RefusalError, String(e));
      ok(e.message.includes(`"store/x.json"`), e.message);
      assertEquals(e.message.split("\n").length, 1);
      return true;
    });
  });
}

Deno.test("readDocument refuses a stored document as the store does, naming the key", async () => {
  const [run] = SHAPE_SEEDS.RunDocument as RunDocument[];
  const broken = { ...structuredClone(run), cases: "many" };
  await rejects(readDocument(RUN_DOCUMENT, broken, { file: "runs/s/r.json" }), (e) => {
    ok(e instanceof StoreDocumentError, String(e));
    ok(e.message.startsWith('Stored document "runs/s/r.json" is not valid: cases: '), e.message);
    assertEquals(e.detail.startsWith("cases: "), true);
    return true;
  });
});

Deno.test("readDocument reads through the schema what only the schema can (a number as a case id)", async () => {
  const read: Case = await readDocument(CASE, { id: 7, vars: { q: "x" } }, { file: "cases.jsonl" });
  assertEquals(read.id, "7");
});

/** Each shape's zod schema as a parse, for the comparison. */
function schemas(): Promise<Record<string, (value: unknown) => unknown>> {
  return Promise.resolve(Object.fromEntries(
    Object.entries(VALIDATED_SHAPES).map(([name, schema]) => [name, (v) => schema.parse(v)]),
  ));
}
