import fc from "fast-check";
import { equal } from "node:assert/strict";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { CaseSchema } from "../../core/suite/case.ts";
import { runSuite } from "../../host/work/run_suite.ts";
import { readJournal } from "../../host/journal/journal.ts";
import { loadOperatorConfig } from "../../host/operator/load_config.ts";
import { RunStore } from "../../host/store/store.ts";
import { parseJsonlCases } from "../../host/suite_loader/cases_jsonl.ts";
import { parseTableCases } from "../../host/suite_loader/cases_table.ts";
import { loadSuite } from "../../host/suite_loader/mod.ts";
import { decodeUtf8 } from "../../host/files/utf8.ts";
import { ROOT, SMALL_SUITE, smallSystem } from "../cli/_cli.ts";
import { FUZZ_RUNS, HANG_MS, jsonValue, loadsOrRefuses, mutated } from "./_fuzz.ts";

const settings = { numRuns: FUZZ_RUNS, timeout: HANG_MS };
const CASE_KEYS = Object.keys(CaseSchema.shape);

const VALID_JSONL = [
  '{"id":"one","vars":{"n":1},"expected":"a1","group":"g1"}',
  '{"id":"two","vars":{"n":2,"tags":["x","y"]},"kind":"canary"}',
  '{"id":"three","kind":"suspended","reason":"flaky upstream"}',
].join("\n") + "\n";

const VALID_CSV = 'id,expected,group,question\none,a1,g1,"How, exactly?"\ntwo,a2,g2,plain\n';

const dir = await Deno.makeTempDir({ prefix: "digline-fuzz-" });
await Deno.writeTextFile(join(dir, "system.ts"), smallSystem());
await Deno.writeTextFile(join(dir, "suite.toml"), SMALL_SUITE);
const store = new RunStore({ root: join(dir, ".digline"), tenant: "default" });
const { run } = await runSuite(join(dir, "suite.toml"), { store });
const VALID_RUN = JSON.stringify(run, null, 1);
const loadedSmall = await loadSuite(join(dir, "suite.toml"));
const VALID_JOURNAL = [
  JSON.stringify({
    journal: 1,
    run_id: run.run_id,
    suite: run.suite.name,
    cases_digest: run.suite.cases_digest,
    config_hash: run.suite.config_hash,
    started_at: run.started_at,
    git_commit: run.git_commit,
  }),
  ...run.cases.map((c) => JSON.stringify(c)),
].join("\n") + "\n";
const VALID_OPERATOR = await Deno.readTextFile(join(ROOT, "examples", "operator", "operator.toml"));

// One file per loader, written over for each input: a file (or a store) per input left 10,000s of
// entries that took minutes to delete on a slow disk, so the nightly size never finished.
async function fileWith(name: string, text: string): Promise<string> {
  const path = join(dir, `fuzzed-${name}`);
  await Deno.writeTextFile(path, text);
  return path;
}
const fuzzedStore = join(dir, "fuzzed-store");
const fuzzedRuns = join(fuzzedStore, "default", "runs", run.suite.name);
await Deno.mkdir(fuzzedRuns, { recursive: true });

Deno.test("fuzz: every TOML suite loads or is refused", async () => {
  await fc.assert(
    fc.asyncProperty(mutated(SMALL_SUITE), async (text) => {
      const path = await fileWith("suite.toml", text);
      await loadsOrRefuses(() => loadSuite(path));
    }),
    settings,
  );
});

// A code-form suite using most of what a suite module may declare. Its import of the library is
// absolute, so a mutation can break it like any other line.
const VALID_CODE_SUITE = `import { custom, defineSuite, equals, includes, regex } from ${
  JSON.stringify(pathToFileURL(join(ROOT, "mod.ts")).href)
};

const limit = 40;

export const suite = defineSuite({
  name: "code-fuzz",
  target: { fn: (vars) => "a" + vars.n, name: "answer", timeout_ms: 2000 },
  assertions: [
    equals({ name: "exact" }),
    includes({ name: "has-a", value: "a" }),
    regex({ name: "shape", pattern: "^a[0-9]+$" }),
    custom({ name: "short", params: { limit }, check: ({ output }) => output.length < limit }),
  ],
  aggregates: [{ name: "accuracy", kind: "accuracy", over: "exact" }],
  cases: [
    { id: "one", vars: { n: 1 }, expected: "a1" },
    { id: "two", vars: { n: 2 }, expected: "a2", group: "g" },
  ],
});
`;

// Each input is a new module (an imported path is cached for the process), and each import stays
// in memory, so a code-form suite costs far more than a data file: a tenth of the inputs.
const CODE_RUNS = Math.max(20, Math.round(FUZZ_RUNS / 10));
let codeCounter = 0;

Deno.test("fuzz: every code-form suite loads or is refused", async () => {
  await fc.assert(
    fc.asyncProperty(mutated(VALID_CODE_SUITE), async (text) => {
      const path = join(dir, `code-${codeCounter++}.ts`);
      await Deno.writeTextFile(path, text);
      try {
        await loadsOrRefuses(() => loadSuite(path));
      } finally {
        await Deno.remove(path);
      }
    }),
    { ...settings, numRuns: CODE_RUNS },
  );
});

Deno.test("fuzz: every JSONL cases file loads or is refused", async () => {
  const structured = fc.array(
    fc.oneof(jsonValue(CASE_KEYS), fc.record({ id: fc.string(), vars: jsonValue(CASE_KEYS) })),
    { maxLength: 4 },
  ).map((lines) => lines.map((line) => JSON.stringify(line) ?? "").join("\n"));
  await fc.assert(
    fc.asyncProperty(fc.oneof(mutated(VALID_JSONL), structured), async (text) => {
      await loadsOrRefuses(() => parseJsonlCases(text, { file: "cases.jsonl" }));
    }),
    settings,
  );
});

Deno.test("fuzz: every CSV and TSV cases file loads or is refused", async () => {
  await fc.assert(
    fc.asyncProperty(mutated(VALID_CSV), fc.boolean(), async (text, tsv) => {
      const input = tsv ? text.replaceAll(",", "\t") : text;
      await loadsOrRefuses(() =>
        parseTableCases(input, {
          file: tsv ? "cases.tsv" : "cases.csv",
          delimiter: tsv ? "\t" : ",",
        })
      );
    }),
    settings,
  );
});

Deno.test("fuzz: the UTF-8 check refuses exactly what a strict decoder refuses, at the first bad byte", () => {
  const strict = new TextDecoder("utf-8", { fatal: true });
  fc.assert(
    fc.property(fc.uint8Array({ maxLength: 24 }), (bytes) => {
      let valid = true;
      try {
        strict.decode(bytes);
      } catch {
        valid = false;
      }
      const decoded = decodeUtf8(bytes);
      equal("text" in decoded, valid);
      if ("fault" in decoded) {
        // Everything before the fault decodes; the fault's byte does not start a valid sequence.
        strict.decode(bytes.subarray(0, decoded.fault.offset));
      }
    }),
    { numRuns: FUZZ_RUNS * 10 },
  );
});

Deno.test("fuzz: every run document in the store is read or refused", async () => {
  const structured = fc.record({
    path: fc.array(fc.constantFrom(...Object.keys(run), "cases", 0, "verdicts", "status"), {
      maxLength: 3,
    }),
    value: jsonValue(Object.keys(run)),
  })
    .map(({ path, value }) => {
      const doc = JSON.parse(VALID_RUN);
      let node = doc;
      for (const key of path.slice(0, -1)) {
        if (node === null || typeof node !== "object" || !(key in node)) break;
        node = node[key];
      }
      if (node !== null && typeof node === "object" && path.length > 0) {
        node[path[path.length - 1]] = value;
      }
      return JSON.stringify(doc);
    });
  await fc.assert(
    fc.asyncProperty(fc.oneof(mutated(VALID_RUN), structured), async (text) => {
      await Deno.writeTextFile(join(fuzzedRuns, `${run.run_id}.json`), text);
      // A fresh store per input: a store caches what it read.
      const fresh = new RunStore({ root: fuzzedStore, tenant: "default" });
      // By id: the store has no index, so no run is latest (ADR 0113), and the id reads the text.
      await loadsOrRefuses(() => fresh.resolveRun(run.run_id));
    }),
    settings,
  );
});

Deno.test("fuzz: every journal is resumed from or refused", async () => {
  await fc.assert(
    fc.asyncProperty(mutated(VALID_JOURNAL), async (text) => {
      const path = await fileWith("journal.jsonl", text);
      await loadsOrRefuses(() => readJournal(path, loadedSmall.suite));
    }),
    settings,
  );
});

Deno.test("fuzz: every operator.toml loads or is refused", async () => {
  await fc.assert(
    fc.asyncProperty(mutated(VALID_OPERATOR), async (text) => {
      const path = await fileWith("operator.toml", text);
      await loadsOrRefuses(() => loadOperatorConfig(path));
    }),
    settings,
  );
});

Deno.test({
  name: "fuzz: clean up",
  fn: async () => {
    await Deno.remove(dir, { recursive: true });
  },
});
