import { deepStrictEqual as assertEquals, match, ok } from "node:assert/strict";
import { join } from "node:path";
import { CompareDocumentSchema } from "../../core/documents/mod.ts";
import { payloadDigest } from "../../core/report/redact_run.ts";
import { cli, workspace } from "./_cli.ts";

// Names no id, timestamp or digest could contain by chance; each system below echoes them.
const CUSTOMERS = ["Zelda Quillfeather", "Orrin Blackwood", "Mabel Farthingale"];

function privateSuite(extra = ""): string {
  return `name = "private"
${extra}
[target]
module = "system.ts"
export = "answer"
retries = 0

[[assertions]]
name = "correct"
kind = "equals"

[[aggregates]]
name = "accuracy"
kind = "accuracy"
over = "correct"
${
    CUSTOMERS.map((name, i) => `
[[cases]]
id = "case-${i + 1}"
vars = { customer = "${name}" }
expected = "Dear ${name}"
`).join("")
  }`;
}

const GOOD = `export function answer(v) { return "Dear " + v.customer; }\n`;
// Case 2 regresses with an output quoting its var; case 3 fails with an error quoting its var.
const WORSE = `export function answer(v) {
  if (v.customer.startsWith("Mabel")) throw new Error("no account for " + v.customer);
  if (v.customer.startsWith("Orrin")) return "Hi " + v.customer + ", balance 4417.09";
  return "Dear " + v.customer;
}
`;
/** Every payload string of both runs: the vars, the expected answers, the outputs, the error. */
const PAYLOADS = [
  ...CUSTOMERS,
  ...CUSTOMERS.map((name) => `Dear ${name}`),
  "4417.09",
  "no account for",
];

async function regressedWorkspace(extra = ""): Promise<string> {
  const cwd = await workspace({ "suite.toml": privateSuite(extra), "system.ts": GOOD });
  assertEquals((await cli(["run", "suite.toml"], { cwd })).code, 0);
  const promoted = await cli(["promote", "latest", "--by", "tester", "--because", "first"], {
    cwd,
  });
  assertEquals(promoted.code, 0, promoted.stderr);
  await Deno.writeTextFile(join(cwd, "system.ts"), WORSE);
  assertEquals((await cli(["run", "suite.toml"], { cwd })).code, 0);
  return cwd;
}

function leaked(text: string): string[] {
  return PAYLOADS.filter((payload) => text.includes(payload));
}

Deno.test("a redacted report carries no output or var of the run, in any format", async () => {
  const cwd = await regressedWorkspace();
  // The unredacted page shows the flips' outputs, so the attack below has something to find.
  const plain = await cli(["report", "--format", "html"], { cwd });
  ok(leaked(plain.stdout).length > 0, "the unredacted HTML shows the outputs");
  for (const format of ["md", "junit", "html"]) {
    const report = await cli(["report", "--format", format, "--redact", "outputs,vars"], { cwd });
    assertEquals(report.code, plain.code, report.stderr);
    assertEquals(leaked(report.stdout), [], `${format} leaks`);
    assertEquals(leaked(report.stderr), []);
  }
  const html = await cli(["report", "--format", "html", "--redact", "outputs,vars"], { cwd });
  match(html.stdout, /<pre>sha256:[0-9a-f]{12}<\/pre>/);
  match(html.stdout, /Outputs and vars redacted/);
});

Deno.test("a redacted report keeps every verdict, count and id of the unredacted one", async () => {
  const cwd = await regressedWorkspace();
  const facts = (html: string) => html.match(/<ol class="facts">.*?<\/ol>/s)?.[0];
  const rows = (html: string) => [...html.matchAll(/<tr class="flip"[^>]*>/g)].map((m) => m[0]);
  const badge = (html: string) => html.match(/<p class="badge".*?<\/p>/)?.[0];
  const plain = (await cli(["report", "--format", "html"], { cwd })).stdout;
  const redacted = (await cli(["report", "--format", "html", "--redact", "outputs"], { cwd }))
    .stdout;
  ok(facts(plain) !== undefined);
  assertEquals(facts(redacted), facts(plain));
  assertEquals(rows(redacted), rows(plain));
  assertEquals(rows(plain).length, 2);
  assertEquals(badge(redacted), badge(plain));
  const plainMd = (await cli(["report"], { cwd })).stdout;
  const redactedMd = (await cli(["report", "--redact", "vars"], { cwd })).stdout;
  assertEquals(
    redactedMd.replace(/ Vars redacted: [^.]*\./, ""),
    plainMd,
    "the Markdown differs only by the sentence saying it is redacted",
  );
});

Deno.test("compare --json --redact names what it hides, keeps every verdict and count, and verify holds on it", async () => {
  const cwd = await regressedWorkspace();
  const plain = await cli(["compare", "--json"], { cwd });
  const redacted = await cli(["compare", "--json", "--redact", "outputs,vars"], { cwd });
  assertEquals(redacted.code, 2, redacted.stderr);
  assertEquals(redacted.code, plain.code);
  assertEquals(leaked(redacted.stdout), []);
  const document = CompareDocumentSchema.parse(JSON.parse(redacted.stdout));
  assertEquals(document.redacted, ["outputs", "vars"]);
  const { redacted: _, ...rest } = document;
  const unredacted = CompareDocumentSchema.parse(JSON.parse(plain.stdout));
  ok((unredacted.errored_causes ?? []).length > 0, "the plain document quotes the error's reason");
  assertEquals(rest, {
    ...unredacted,
    errored_causes: unredacted.errored_causes?.map((g) => ({
      ...g,
      cause: payloadDigest(g.cause),
    })),
  }, "the same document, the errored causes named by their digests");
  await Deno.writeTextFile(join(cwd, "shared.json"), redacted.stdout);
  const verify = await cli(["verify", "shared.json"], { cwd });
  assertEquals(verify.code, 0, verify.stdout + verify.stderr);
  // A redaction claim edited away from what was applied no longer holds.
  await Deno.writeTextFile(
    join(cwd, "edited.json"),
    JSON.stringify({ ...JSON.parse(redacted.stdout), redacted: ["nothing"] }),
  );
  assertEquals((await cli(["verify", "edited.json"], { cwd })).code, 1);
});

Deno.test("compare --redact prints no output or var in its reading either (errored causes by digest)", async () => {
  const cwd = await regressedWorkspace();
  const plain = await cli(["compare"], { cwd });
  ok(leaked(plain.stdout).length > 0, "the plain reading quotes the error's reason");
  const redacted = await cli(["compare", "--redact", "outputs"], { cwd });
  assertEquals(redacted.code, plain.code, redacted.stderr);
  assertEquals(leaked(redacted.stdout + redacted.stderr), []);
  match(redacted.stdout, /1 check errored: sha256:[0-9a-f]{12}/);
});

Deno.test("a suite's [report] redact applies to every report and compare document without a flag, and does not change the rules", async () => {
  const cwd = await regressedWorkspace();
  // The approval was made without [report]; adding it must not read as "the rules changed".
  await Deno.writeTextFile(
    join(cwd, "suite.toml"),
    privateSuite(`\n[report]\nredact = ["outputs", "vars"]\n`),
  );
  assertEquals((await cli(["run", "suite.toml"], { cwd })).code, 0);
  const html = await cli(["report", "--format", "html"], { cwd });
  assertEquals(html.code, 2, html.stderr);
  assertEquals(leaked(html.stdout), []);
  const compare = await cli(["compare", "--json"], { cwd });
  const document = CompareDocumentSchema.parse(JSON.parse(compare.stdout));
  assertEquals(document.redacted, ["outputs", "vars"]);
  assertEquals(document.facts.filter((f) => f.kind === "config-changed"), []);
  await Deno.writeTextFile(join(cwd, "saved.json"), compare.stdout);
  assertEquals((await cli(["verify", "saved.json"], { cwd })).code, 0);
});

Deno.test("a [report] redact naming an unknown payload is refused at its line (exit 64)", async () => {
  const cwd = await workspace({
    "suite.toml": privateSuite(`\n[report]\nredact = ["outputs", "secrets"]\n`),
    "system.ts": GOOD,
  });
  const run = await cli(["run", "suite.toml"], { cwd });
  assertEquals(run.code, 64, run.stderr);
  match(run.stderr, /suite\.toml:\d+/);
  match(run.stderr, /redact/);
});

Deno.test("--redact naming an unknown payload is refused with the names it takes (exit 64)", async () => {
  const cwd = await regressedWorkspace();
  for (const command of ["report", "compare"]) {
    const result = await cli([command, "--redact", "outputs,secrets"], { cwd });
    assertEquals(result.code, 64, result.stderr);
    match(result.stderr, /"secrets" is not a payload digline redacts; name outputs, vars/);
  }
});
