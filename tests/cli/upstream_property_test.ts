import { deepStrictEqual as assertEquals, notEqual } from "node:assert/strict";
import { dirname, join } from "node:path";
import fc from "fast-check";
import { cli, git } from "./_cli.ts";
import {
  approvedUpstream,
  ciCheckout,
  pullRequest,
  pureCheckPullRequest,
} from "../support/pull_request.ts";
import { helpedSuite, helpedSystem, LOOSENINGS } from "./_helped_suite.ts";
import {
  applyKeyEdit,
  isKeyEdit,
  KEY_EDIT_VARIABLES,
  type KeyEdit,
  keyEdit,
} from "../support/key_edits.ts";
import { openaiCompletion, startMockServer } from "../fixtures/models/mock_server.ts";

/**
 * How many pull requests are tried: each is a clone, a commit, a run and a compare (about 6 s on
 * the shared machine); `DIGLINE_PROPERTY_RUNS` raises it.
 */
const RUNS = Number(Deno.env.get("DIGLINE_PROPERTY_RUNS") ?? "6");

const STORE = ".digline/default";
const RUNS_DIR = `${STORE}/runs/pure`;
const APPROVALS = `${STORE}/baselines/pure`;

/** One file a pull request adds or edits, as data (no code). */
type Edit =
  | { kind: "plant-run"; id: string; from: "approved" | "passing"; doctor: boolean }
  | { kind: "doctor-approved-copy"; where: "baselines" | "runs"; output: string }
  | { kind: "index-line"; names: "planted" | "approved" | "garbage"; id: string }
  | { kind: "self-approval"; id: string }
  | { kind: "confirmation"; run: "planted" | "approved"; id: string; text: string }
  | { kind: "forged-rechecks"; id: string; status: "pass" | "fail" }
  | { kind: "journal"; text: string }
  | { kind: "beside"; path: string; text: string }
  | KeyEdit;

const hex = (n: number) =>
  fc.array(fc.constantFrom(..."0123456789abcdef"), { minLength: n, maxLength: n })
    .map((a) => a.join(""));
/** A run id, from the past to far beyond the clock. */
const runId = fc.tuple(fc.integer({ min: 2020, max: 2199 }), hex(6)).map(([year, tail]) =>
  `${year}1231-235959-999-${tail}`
);

const edit: fc.Arbitrary<Edit> = fc.oneof(
  // Often enough that six pull requests try to carry a key off at least once, most seeds.
  { arbitrary: keyEdit, weight: 3 },
  fc.record({
    kind: fc.constant("plant-run" as const),
    id: runId,
    from: fc.constantFrom("approved" as const, "passing" as const),
    doctor: fc.boolean(),
  }),
  fc.record({
    kind: fc.constant("doctor-approved-copy" as const),
    where: fc.constantFrom("baselines" as const, "runs" as const),
    output: fc.constantFrom("b2", "B2", "a2", ""),
  }),
  fc.record({
    kind: fc.constant("index-line" as const),
    names: fc.constantFrom("planted" as const, "approved" as const, "garbage" as const),
    id: runId,
  }),
  fc.record({ kind: fc.constant("self-approval" as const), id: runId }),
  fc.record({
    kind: fc.constant("confirmation" as const),
    run: fc.constantFrom("planted" as const, "approved" as const),
    id: runId,
    text: fc.string(),
  }),
  fc.record({
    kind: fc.constant("forged-rechecks" as const),
    id: runId,
    status: fc.constantFrom("pass" as const, "fail" as const),
  }),
  fc.record({ kind: fc.constant("journal" as const), text: fc.string() }),
  fc.record({
    kind: fc.constant("beside" as const),
    path: fc.constantFrom(
      ".gitattributes",
      ".digline/.gitignore",
      `${STORE}/baselines/.index.jsonl`,
      `${RUNS_DIR}/.index.jsonl`,
      `${STORE}/work/pure.jsonl`,
      "digline.toml",
    ),
    text: fc.constantFrom(
      "* filter=trap diff=trap\n",
      "*\n",
      "{}\n",
      '{"run_id":"21991231-235959-999-ffffff","suite":"pure"}\n',
      "\u0000\u00ff",
    ),
  }),
);

/**
 * The documented gate (run and compare with the ref, compare given the run's id) mostly, and its
 * older shapes (a run without the ref, compare of `latest`) as often: none may pass either.
 */
const gateShape: fc.Arbitrary<GateShape> = fc.oneof(
  fc.constant({ runWithRef: true, compareId: true }),
  fc.record({ runWithRef: fc.boolean(), compareId: fc.boolean() }),
);

Deno.test(`no data a pull request adds or edits turns the gate's 1 into 0 (${RUNS} random pull requests)`, async () => {
  // The change: the pure check is loosened and case two breaks.
  const { upstream, ci: template } = await pureCheckPullRequest();
  const approvedPath = join(template, APPROVALS, "runs", `${upstream.approved}.json`);
  const approved = JSON.parse(await Deno.readTextFile(approvedPath));
  const approvalName = [...Deno.readDirSync(join(template, APPROVALS))]
    .find((e) => e.isFile && e.name.endsWith(".json"))!.name;
  const approval = JSON.parse(await Deno.readTextFile(join(template, APPROVALS, approvalName)));
  // What the gate says with nothing planted: the regression.
  assertEquals(await gate(await copyOf(template)), 1);
  // The job holds a key in each variable a suite may name; a listener on the loopback waits.
  const KEY = "sk-property-key-hosts-7a1c";
  for (const variable of KEY_EDIT_VARIABLES) Deno.env.set(variable, KEY);
  Deno.env.delete("DIGLINE_KEY_HOSTS");
  const listener = startMockServer(() => openaiCompletion("a1"));

  await fc.assert(
    fc.asyncProperty(
      fc.array(edit, { minLength: 1, maxLength: 6 }),
      gateShape,
      async (edits, shape) => {
        const ci = await copyOf(template);
        const planted: string[] = [];
        const write = async (path: string, text: string) => {
          await Deno.mkdir(dirname(join(ci, path)), { recursive: true });
          await Deno.writeTextFile(join(ci, path), text);
        };
        const doctored = (run: Record<string, unknown>, output: string) => ({
          ...run,
          cases: (run.cases as { case_id: string }[]).map((c) =>
            c.case_id === "two" ? { ...c, output } : c
          ),
        });
        for (const e of edits) {
          if (isKeyEdit(e)) {
            await applyKeyEdit(ci, e, listener.url);
          } else if (e.kind === "plant-run" || e.kind === "forged-rechecks") {
            const base = e.kind === "plant-run" && e.doctor ? doctored(approved, "b2") : approved;
            const run: Record<string, unknown> = {
              ...base,
              run_id: e.id,
              started_at: `${e.id.slice(0, 4)}-12-31T23:59:59.999Z`,
              finished_at: `${e.id.slice(0, 4)}-12-31T23:59:59.999Z`,
            };
            if (e.kind === "forged-rechecks") {
              run.baseline_rechecks = ["one", "two", "three"].map((case_id) => ({
                run_id: upstream.approved,
                case_id,
                assertion_id: (approved.assertions as { id: string }[])[0].id,
                verdicts: [{
                  assertion_id: (approved.assertions as { id: string }[])[0].id,
                  assertion: "correct",
                  status: e.status,
                  metadata: {},
                }],
              }));
            }
            planted.push(e.id);
            await write(`${RUNS_DIR}/${e.id}.json`, JSON.stringify(run, null, 1) + "\n");
          } else if (e.kind === "doctor-approved-copy") {
            const path = e.where === "baselines"
              ? `${APPROVALS}/runs/${upstream.approved}.json`
              : `${RUNS_DIR}/${upstream.approved}.json`;
            await write(path, JSON.stringify(doctored(approved, e.output), null, 1) + "\n");
          } else if (e.kind === "index-line") {
            const id = e.names === "approved"
              ? upstream.approved
              : e.names === "planted"
              ? planted.at(-1) ?? e.id
              : e.id;
            const line = e.names === "garbage"
              ? `{"run_id":"${id}"`
              : JSON.stringify({ run_id: id, suite: "pure", started_at: approved.started_at });
            const path = join(ci, RUNS_DIR, ".index.jsonl");
            await Deno.mkdir(dirname(path), { recursive: true });
            await Deno.writeTextFile(path, line + "\n", { append: true });
          } else if (e.kind === "self-approval") {
            await write(
              `${APPROVALS}/runs/${e.id}.json`,
              JSON.stringify({ ...doctored(approved, "b2"), run_id: e.id }, null, 1) + "\n",
            );
            await write(
              `${APPROVALS}/2199-12-31T23-59-59-999Z-${e.id}.json`,
              JSON.stringify({ ...approval, run_id: e.id, promoted_by: "Mallory" }, null, 1) + "\n",
            );
          } else if (e.kind === "confirmation") {
            const run = e.run === "approved" ? upstream.approved : planted.at(-1) ?? e.id;
            await write(`${STORE}/confirmations/pure/${run}/${e.id}.json`, e.text);
          } else if (e.kind === "journal") {
            await write(`${STORE}/work/pure.jsonl`, e.text);
          } else {
            await write(e.path, e.text);
          }
        }
        // The pull request commits all of it, past the store's ignore lines.
        await git(ci, "add", "-A", "-f");
        await git(ci, "commit", "-q", "--allow-empty", "-m", "data");
        const code = await gate(ci, shape);
        notEqual(
          code,
          0,
          `the gate (${JSON.stringify(shape)}) passed after ${JSON.stringify(edits)}`,
        );
        const leaked = listener.requests.filter((r) => JSON.stringify(r.headers).includes(KEY));
        assertEquals(leaked.length, 0, `a key reached the listener after ${JSON.stringify(edits)}`);
      },
    ),
    { numRuns: RUNS, endOnFailure: true },
  ).finally(() => listener.close());
});

/** A copy of CI's checkout, for one pull request. */
async function copyOf(template: string): Promise<string> {
  const dir = join(await Deno.makeTempDir({ prefix: "digline-pr-" }), "ci");
  const out = await new Deno.Command("cp", { args: ["-a", template, dir] }).output();
  assertEquals(out.success, true);
  return dir;
}

/** How CI gates: whether `run` is given the ref, and whether compare is given the run's id. */
interface GateShape {
  runWithRef: boolean;
  compareId: boolean;
}

/**
 * CI's gate: run the suite, then compare the run this job made against the base branch's
 * approval. A run that is refused is a gate that did not pass.
 */
async function gate(
  ci: string,
  shape: GateShape = { runWithRef: true, compareId: true },
): Promise<number> {
  const ref = ["--baseline-ref", "origin/main"];
  const ran = await cli(["run", "suite.ts", ...(shape.runWithRef ? ref : []), "--json"], {
    cwd: ci,
  });
  if (ran.code !== 0) return ran.code;
  const id = JSON.parse(ran.stdout).run_id as string;
  return (await cli(["compare", ...ref, ...(shape.compareId ? [id] : [])], { cwd: ci })).code;
}

/** An edit of the suite's module or a file it reaches, beside the loosening (no data). */
type ModuleEdit =
  | { kind: "comment"; file: ModuleFile; text: string }
  | { kind: "constant"; file: ModuleFile; value: number }
  | { kind: "new-module"; from: ModuleFile; name: string; text: string }
  | { kind: "blank-lines"; file: ModuleFile; count: number }
  | { kind: "unreached"; name: string; text: string };

type ModuleFile = "suite.ts" | "lib/fold.js" | "lib/lower.js";

const moduleFile = fc.constantFrom<ModuleFile>("suite.ts", "lib/fold.js", "lib/lower.js");
const moduleName = fc.constantFrom("extra", "more", "x1");
const moduleEdit: fc.Arbitrary<ModuleEdit> = fc.oneof(
  fc.record({ kind: fc.constant("comment" as const), file: moduleFile, text: fc.string() }),
  fc.record({ kind: fc.constant("constant" as const), file: moduleFile, value: fc.integer() }),
  fc.record({
    kind: fc.constant("new-module" as const),
    from: moduleFile,
    name: moduleName,
    text: fc.string(),
  }),
  fc.record({
    kind: fc.constant("blank-lines" as const),
    file: moduleFile,
    count: fc.integer({ min: 1, max: 3 }),
  }),
  fc.record({ kind: fc.constant("unreached" as const), name: moduleName, text: fc.string() }),
);

Deno.test(`no edit of a suite's module or what it imports hides a loosened check from the gate (${RUNS} random pull requests)`, async () => {
  // The baseline shouts case two (a fail); the change breaks it into "b2", so a check loosened
  // to case-blind, judged alike on both sides, finds the regression the loosening would hide.
  const upstream = await approvedUpstream(helpedSuite({ pure: true, shouted: [2] }), "suite.ts");
  await pullRequest(upstream, async (dir) => {
    await Deno.writeTextFile(join(dir, "system.js"), helpedSystem({ wrong: [2] }));
  });
  const template = await ciCheckout(upstream);
  await fc.assert(
    fc.asyncProperty(
      fc.constantFrom(...LOOSENINGS),
      fc.array(moduleEdit, { maxLength: 4 }),
      gateShape,
      async (loosened, edits, shape) => {
        const ci = await copyOf(template);
        const files = helpedSuite({ pure: true, loosened, wrong: [2] });
        delete files["system.js"];
        const oneLine = (text: string) => text.replace(/[\r\n\u2028\u2029]/g, " ");
        for (const e of edits) {
          const file = e.kind === "new-module" ? e.from : e.kind === "unreached" ? "" : e.file;
          if (e.kind === "comment") files[file] += `// ${oneLine(e.text)}\n`;
          else if (e.kind === "constant") files[file] += `export const extra_ = ${e.value};\n`;
          else if (e.kind === "blank-lines") files[file] = "\n".repeat(e.count) + files[file];
          else if (e.kind === "new-module") {
            files[`lib/${e.name}.js`] = `export const text = ${JSON.stringify(e.text)};\n`;
            files[file] += `import "${file === "suite.ts" ? "./lib" : "."}/${e.name}.js";\n`;
          } else files[`lib/${e.name}.txt`] = e.text;
        }
        for (const [path, text] of Object.entries(files)) {
          await Deno.mkdir(dirname(join(ci, path)), { recursive: true });
          await Deno.writeTextFile(join(ci, path), text);
        }
        await git(ci, "add", "-A");
        await git(ci, "commit", "-q", "--allow-empty", "-m", "helpers");
        const code = await gate(ci, shape);
        notEqual(
          code,
          0,
          `the gate (${JSON.stringify(shape)}) passed with the check loosened by its ${loosened} ` +
            `after ${JSON.stringify(edits)}`,
        );
      },
    ),
    { numRuns: RUNS, endOnFailure: true },
  );
});
