import { deepStrictEqual as assertEquals, ok } from "node:assert/strict";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import {
  CompareDocumentSchema,
  DiffDocumentSchema,
  LogDocumentSchema,
  PromoteDocumentSchema,
  RunListSchema,
  RunSummarySchema,
} from "../../core/documents/mod.ts";
import { goldenDocuments } from "./documents.ts";

const dir = join(dirname(fileURLToPath(import.meta.url)), "payloads");

Deno.test("every golden payload is what the document builders give today, byte for byte", async () => {
  const expected = goldenDocuments();
  const onDisk = [...Deno.readDirSync(dir)].map((e) => e.name).sort();
  assertEquals(
    onDisk,
    [...expected.keys()].sort(),
    "run `deno task golden` after a deliberate change",
  );
  for (const [name, text] of expected) {
    assertEquals(
      await Deno.readTextFile(join(dir, name)),
      text,
      `${name}: run \`deno task golden\``,
    );
  }
});

Deno.test("every golden payload validates against its schema and carries output_version", () => {
  const schemas = {
    compare: CompareDocumentSchema,
    explain: CompareDocumentSchema,
    run: RunSummarySchema,
    "view.run": RunSummarySchema,
    list: RunListSchema,
    view: RunListSchema,
    log: LogDocumentSchema,
    diff: DiffDocumentSchema,
    promote: PromoteDocumentSchema,
  } as const;
  for (const [name, text] of goldenDocuments()) {
    const kind = name.replace(/\.json$/, "").replace(/^(compare|explain)\..*$/, "$1");
    const schema = schemas[kind as keyof typeof schemas];
    ok(schema !== undefined, `no schema for ${name}`);
    const document = schema.parse(JSON.parse(text));
    assertEquals(document.output_version, 1);
  }
});

Deno.test("a count never travels without its list: causes_by_kind indexes into causes", () => {
  for (const [name, text] of goldenDocuments()) {
    if (!/^(compare|explain)\./.test(name)) continue;
    const document = CompareDocumentSchema.parse(JSON.parse(text));
    let indexed = 0;
    for (const [kind, group] of Object.entries(document.causes_by_kind)) {
      assertEquals(group.count, group.indices.length, name);
      for (const i of group.indices) assertEquals(document.causes[i].kind, kind, name);
      indexed += group.count;
    }
    assertEquals(indexed, document.causes.length, name);
  }
});
