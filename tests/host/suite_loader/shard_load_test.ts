import { deepStrictEqual as assertEquals, ok } from "node:assert/strict";
import { join } from "node:path";
import { shardOf } from "../../../core/run/shard_spec.ts";
import { SuiteLoadError } from "../../../host/process/refusals.ts";
import { loadSuite } from "../../../host/suite_loader/mod.ts";

/**
 * The property: a suite loaded for shard K of N holds exactly the cases of the whole suite whose
 * ids hash to K, in the suite's order and read the same, and carries the whole suite's digests;
 * a suite that does not load is refused the same way whichever shard asks.
 */

const MODULE_TARGET = `
[target]
module = "system.ts"

[[assertions]]
name = "correct"
kind = "equals"

[[assertions]]
name = "short"
kind = "length"
max = 3
`;

/** Lines plainCase takes, and lines only the schema reads (a number id, kinds, repeats). */
function jsonlCases(): string {
  const lines: string[] = [];
  for (let n = 1; n <= 40; n++) {
    const plain = { id: `j-${n}`, vars: { n, text: `case ${n}` }, expected: `a${n}` };
    if (n % 5 === 0) lines.push(JSON.stringify({ ...plain, kind: "canary" }));
    else if (n % 7 === 0) lines.push(JSON.stringify({ ...plain, repeats: 2 }));
    else lines.push(JSON.stringify(plain));
  }
  lines.push(JSON.stringify({ id: 99, vars: {} }));
  lines.push(JSON.stringify({
    id: "cal-1",
    kind: "calibration",
    check: "short",
    expected_verdict: "pass",
    output: "ok",
  }));
  lines.push(JSON.stringify({ id: "gone", kind: "suspended", reason: "flaky upstream" }));
  return lines.join("\n") + "\n";
}

function csvCases(): string {
  const rows = ["id,expected,kind,reason,text"];
  for (let n = 1; n <= 30; n++) {
    rows.push(n % 9 === 0 ? `c-${n},,suspended,down,t${n}` : `c-${n},b${n},,,"said ""${n}"""`);
  }
  return rows.join("\n") + "\n";
}

async function suiteDir(files: Record<string, string>): Promise<string> {
  const dir = await Deno.makeTempDir({ prefix: "digline-shard-load-" });
  await Deno.writeTextFile(join(dir, "system.ts"), "export default () => 'x';\n");
  for (const [name, text] of Object.entries(files)) {
    await Deno.writeTextFile(join(dir, name), text);
  }
  return dir;
}

function forShard(k: number, count: number) {
  return { keepCase: (id: string) => shardOf(id, count) === k };
}

async function refusalOf(cwd: string, options: { keepCase?: (id: string) => boolean } = {}) {
  try {
    await loadSuite("suite.toml", { cwd, ...options });
  } catch (error) {
    if (error instanceof SuiteLoadError) return { message: error.message, issues: error.issues };
    throw error;
  }
  throw new Error("the suite loaded, and a refusal was expected");
}

/** An id of this shape that lands in any shard but `k` of `count`. */
function idOutside(k: number, count: number, prefix: string): string {
  for (let n = 0;; n++) if (shardOf(`${prefix}${n}`, count) !== k) return `${prefix}${n}`;
}

Deno.test("a suite loaded for a shard holds the whole suite's cases of that shard and its digests", async () => {
  const cwd = await suiteDir({
    "suite.toml": `name = "wide"\ncases_file = ["cases.jsonl", "cases.csv"]\n${MODULE_TARGET}
[[cases]]
id = "inline-1"
vars = { n = 1 }

[[cases]]
id = "inline-2"
vars = { n = 2 }
`,
    "cases.jsonl": jsonlCases(),
    "cases.csv": csvCases(),
  });
  const whole = (await loadSuite("suite.toml", { cwd })).suite;
  for (const count of [1, 2, 3, 8]) {
    const held: string[] = [];
    for (let k = 1; k <= count; k++) {
      const shard = (await loadSuite("suite.toml", { cwd, ...forShard(k, count) })).suite;
      assertEquals(shard.cases, whole.cases.filter((c) => shardOf(c.id, count) === k));
      assertEquals(shard.cases_digest, whole.cases_digest);
      assertEquals(shard.config_hash, whole.config_hash);
      const { cases: _mine, assertions, ...rest } = shard;
      const { cases: _all, assertions: wholeAssertions, ...wholeRest } = whole;
      assertEquals(rest, wholeRest);
      assertEquals(assertions.map((a) => a.id), wholeAssertions.map((a) => a.id));
      held.push(...shard.cases.map((c) => c.id));
    }
    assertEquals(held.sort(), whole.cases.map((c) => c.id).sort());
  }
});

Deno.test("a shard refuses a bad line, a duplicate id or a bad check in another shard's case as the whole suite does", async () => {
  const other = idOutside(1, 2, "x-");
  const badFiles: Record<string, string>[] = [
    // Refused by the case schema: a suspended case needs a reason.
    { "cases.jsonl": jsonlCases() + JSON.stringify({ id: other, kind: "suspended" }) + "\n" },
    // Refused by buildSuite: an id twice, both copies outside shard 1.
    {
      "cases.jsonl": jsonlCases() + JSON.stringify({ id: other, vars: {} }) + "\n" +
        JSON.stringify({ id: other, vars: { n: 2 } }) + "\n",
    },
    // Refused by buildSuite: a calibration case naming a check the suite does not declare.
    {
      "cases.jsonl": jsonlCases() +
        JSON.stringify({ id: other, kind: "calibration", check: "nope", output: "o" }) + "\n",
    },
    // A table row refused by the case schema: a kind there is not.
    { "cases.csv": csvCases() + `${other},b,odd,,x\n` },
  ];
  for (const files of badFiles) {
    const [name] = Object.keys(files);
    const cwd = await suiteDir({
      "suite.toml": `name = "wide"\ncases_file = "${name}"\n${MODULE_TARGET}`,
      ...files,
    });
    const whole = await refusalOf(cwd);
    assertEquals(await refusalOf(cwd, forShard(1, 2)), whole);
    assertEquals(await refusalOf(cwd, forShard(2, 2)), whole);
  }
});

Deno.test("a shard refuses another shard's case that lacks a var the prompt names, at that case", async () => {
  const other = idOutside(1, 2, "p-");
  const cwd = await suiteDir({
    "suite.toml": `name = "bot"
cases_file = "cases.jsonl"

[target]
provider = "openai"
model = "m"
prompt = "{{question}} in {{lang}}"

[[assertions]]
name = "correct"
kind = "equals"
`,
    "cases.jsonl": JSON.stringify({ id: "a", vars: { question: "x", lang: "en" } }) + "\n" +
      JSON.stringify({ id: other, vars: { question: "y" } }) + "\n",
  });
  const whole = await refusalOf(cwd);
  ok(whole.message.includes(`case "${other}" has no var "lang"`), whole.message);
  assertEquals(await refusalOf(cwd, forShard(1, 2)), whole);
});

Deno.test("a shard reads a cases file's bytes as the whole suite reads its text: a byte-order mark, CRLF, U+FFFD, and bytes that are not UTF-8", async () => {
  const lines = [
    JSON.stringify({ id: "a", vars: { text: "caf\u00e9 \uFFFD" }, expected: "x" }),
    JSON.stringify({ id: "b", vars: { text: "\u65e5\u672c" } }),
    "",
    JSON.stringify({ id: "c", vars: {} }),
  ];
  const text = "\uFEFF" + lines.join("\r\n") + "\r\n";
  const suite = `name = "bytes"\ncases_file = "cases.jsonl"\n${MODULE_TARGET}`;
  const cwd = await suiteDir({ "suite.toml": suite, "cases.jsonl": text });
  const whole = (await loadSuite("suite.toml", { cwd })).suite;
  for (let k = 1; k <= 2; k++) {
    const shard = (await loadSuite("suite.toml", { cwd, ...forShard(k, 2) })).suite;
    assertEquals(shard.cases, whole.cases.filter((c) => shardOf(c.id, 2) === k));
    assertEquals(shard.cases_digest, whole.cases_digest);
  }
  const bytes = new TextEncoder().encode(text);
  const broken = new Uint8Array([...bytes.subarray(0, 60), 0xff, ...bytes.subarray(60)]);
  await Deno.writeFile(join(cwd, "cases.jsonl"), broken);
  const refusal = async (options: { keepCase?: (id: string) => boolean }) => {
    try {
      await loadSuite("suite.toml", { cwd, ...options });
    } catch (error) {
      return String(error);
    }
    throw new Error("bytes that are not UTF-8 loaded");
  };
  const wholeRefusal = await refusal({});
  ok(wholeRefusal.includes("is not UTF-8"), wholeRefusal);
  assertEquals(await refusal(forShard(1, 2)), wholeRefusal);
});
