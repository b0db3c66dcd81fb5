import { deepStrictEqual as assertEquals, match, ok } from "node:assert/strict";
import { join } from "node:path";
import { CompareDocumentSchema, RunSummarySchema } from "../../core/documents/mod.ts";
import { payloadDigest } from "../../core/run/redact_run.ts";
import { cli, workspace } from "./_cli.ts";
import { GOOD, leaked, privateSuite, regressedWorkspace } from "./_private_suite.ts";
import { builtOnceWith } from "../support/built_once_workspace.ts";

/** A copy of a store whose latest run regressed and errored quoting its vars, against an approval. */
const regressed = builtOnceWith(async () => ({ cwd: await regressedWorkspace() }));

Deno.test("a redacted report carries no output or var of the run, in any format", async () => {
  const { cwd } = await regressed();
  // The unredacted page shows the flips' outputs, so the attack below has something to find.
  const plain = await cli(["report", "--format", "html"], { cwd });
  ok(leaked(plain.stdout).length > 0, "the unredacted HTML shows the outputs");
  const redacted: Record<string, string> = {};
  for (const format of ["md", "junit", "html"]) {
    const report = await cli(["report", "--format", format, "--redact", "outputs,vars"], { cwd });
    assertEquals(report.code, plain.code, report.stderr);
    assertEquals(leaked(report.stdout), [], `${format} leaks`);
    assertEquals(leaked(report.stderr), []);
    redacted[format] = report.stdout;
  }
  match(redacted.html, /<pre>sha256:[0-9a-f]{12}<\/pre>/);
  match(redacted.html, /Outputs and vars redacted/);
});

Deno.test("a redacted report keeps every verdict, count and id of the unredacted one", async () => {
  const { cwd } = await regressed();
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
  const { cwd } = await regressed();
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
  const { cwd } = await regressed();
  const plain = await cli(["compare"], { cwd });
  ok(leaked(plain.stdout).length > 0, "the plain reading quotes the error's reason");
  const redacted = await cli(["compare", "--redact", "outputs"], { cwd });
  assertEquals(redacted.code, plain.code, redacted.stderr);
  assertEquals(leaked(redacted.stdout + redacted.stderr), []);
  match(redacted.stdout, /1 check errored: sha256:[0-9a-f]{12}/);
});

Deno.test("a suite's [report] redact applies to every report and compare document without a flag, and does not change the rules", async () => {
  const { cwd } = await regressed();
  // The approval was made without [report]; adding it must not read as "the rules changed".
  await Deno.writeTextFile(
    join(cwd, "suite.toml"),
    privateSuite(`\n[report]\nredact = ["outputs", "vars"]\n`),
  );
  assertEquals((await cli(["run", "suite.toml"], { cwd })).code, 2);
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
  const { cwd } = await regressed();
  for (const command of ["report", "compare"]) {
    const result = await cli([command, "--redact", "outputs,secrets"], { cwd });
    assertEquals(result.code, 64, result.stderr);
    match(result.stderr, /"secrets" is not a payload digline redacts; name outputs, vars/);
  }
});

/** A workspace whose suite redacts and whose latest run errored with a reason quoting its var. */
async function redactingWorkspace(): Promise<string> {
  const { cwd } = await regressed();
  await Deno.writeTextFile(
    join(cwd, "suite.toml"),
    privateSuite(`\n[report]\nredact = ["outputs"]\n`),
  );
  return cwd;
}

Deno.test("run and view of a redacting suite print no output or var: errored causes by digest, in text and --json", async () => {
  const { cwd } = await regressed();
  // Unredacted, run and view quote the error's reason: the attack below has something to find.
  const plainView = await cli(["view", "latest"], { cwd });
  ok(leaked(plainView.stdout).length > 0, "the plain view quotes the error's reason");
  const plainJson = RunSummarySchema.parse(
    JSON.parse((await cli(["view", "latest", "--json"], { cwd })).stdout),
  );
  assertEquals(plainJson.redacted, undefined);
  await Deno.writeTextFile(
    join(cwd, "suite.toml"),
    privateSuite(`\n[report]\nredact = ["outputs"]\n`),
  );
  const run = await cli(["run", "suite.toml"], { cwd });
  assertEquals(run.code, 2, run.stderr);
  assertEquals(leaked(run.stdout + run.stderr), []);
  match(run.stdout, /1 check errored: sha256:[0-9a-f]{12}/);
  const runJson = await cli(["run", "suite.toml", "--json"], { cwd });
  assertEquals(leaked(runJson.stdout + runJson.stderr), []);
  const summary = RunSummarySchema.parse(JSON.parse(runJson.stdout));
  assertEquals(summary.redacted, ["outputs"]);
  assertEquals(summary.errored_causes, [{
    ...plainJson.errored_causes![0],
    cause: payloadDigest(plainJson.errored_causes![0].cause),
  }], "the same groups and counts, each cause by its digest");
  const viewLatest = ["view", "latest"];
  let viewed = "";
  for (const args of [viewLatest, ["view", "latest", "--json"], ["view"], ["list"]]) {
    const shown = await cli(args, { cwd });
    assertEquals(shown.code, 0, shown.stderr);
    assertEquals(leaked(shown.stdout + shown.stderr), [], args.join(" "));
    if (args === viewLatest) viewed = shown.stdout;
  }
  match(viewed, /1 check errored: sha256:[0-9a-f]{12}/);
});

Deno.test("explain of a redacting suite's run prints its errored causes by digest; --redact does so for any suite", async () => {
  const { cwd: plainCwd } = await regressed();
  const plain = await cli(["explain"], { cwd: plainCwd });
  ok(leaked(plain.stdout).length > 0, "the plain explain quotes the error's reason");
  const flagged = await cli(["explain", "--redact", "outputs"], { cwd: plainCwd });
  assertEquals(flagged.code, plain.code, flagged.stderr);
  assertEquals(leaked(flagged.stdout + flagged.stderr), []);
  match(flagged.stdout, /1 check errored: sha256:[0-9a-f]{12}/);

  const cwd = await redactingWorkspace();
  assertEquals((await cli(["run", "suite.toml"], { cwd })).code, 2);
  for (const args of [["explain"], ["explain", "--json"], ["compare"]]) {
    const shown = await cli(args, { cwd });
    assertEquals(shown.code, 2, shown.stderr);
    assertEquals(leaked(shown.stdout + shown.stderr), [], args.join(" "));
  }
});

Deno.test("rejudge under a redacting suite prints its errored causes by digest", async () => {
  const cwd = await redactingWorkspace();
  const rejudged = await cli(["rejudge", "latest", "--suite-file", "suite.toml"], { cwd });
  assertEquals(rejudged.code, 2, rejudged.stderr);
  assertEquals(leaked(rejudged.stdout + rejudged.stderr), []);
  match(rejudged.stdout, /1 check errored: sha256:[0-9a-f]{12}/);
});
