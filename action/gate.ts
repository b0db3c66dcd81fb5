/**
 * The gate step of digline's GitHub Action, started by action/gate.sh. Each suite is run, and the
 * run id that run printed is what compare and report judge: a run document someone else put in the
 * store is never the one gated. Each suite is judged on its own against the approvals committed at
 * the baseline ref, so a suite that can not be judged hides nothing another suite did; the step
 * exits with the worst code. Every suite gets one line in the job summary that says its verdict
 * and, for a non-zero exit, why (ADR 0086).
 *
 * Text a pull request controls (suite and case ids, `--by`, `--because`, messages) reaches the step
 * log only between `::stop-commands::` markers, so it can not issue a workflow command, and the
 * summary only escaped, so it can not carry HTML or mention anybody.
 *
 * Environment: DIGLINE_SUITES, DIGLINE_REPORT_DIR, DIGLINE_COMMAND, DIGLINE_BASELINE_REF,
 * DIGLINE_REDACT, DIGLINE_CONFIRM, DIGLINE_ACCEPT_APPROVAL_CHANGE, DIGLINE_TENANT, GITHUB_BASE_REF,
 * GITHUB_STEP_SUMMARY and GITHUB_OUTPUT (see action.yml).
 *
 * @module
 */
import { mdCode, mdText } from "../core/report/markdown_text.ts";

/** Why a suite's exit is not 0, in the words the summary uses. */
export type Reason =
  | "missing key"
  | "no approval"
  | "new suite"
  | "removed suite"
  | "approval changed"
  | "rules changed"
  | "budget ended"
  | "worse"
  | "not judged"
  | "refused"
  | "failed";

/** One suite's judgement: what the summary's line for it says. */
export interface SuiteVerdict {
  /** The suite's name, or its file when it never ran. */
  suite: string;
  code: number;
  /** The verdict word, e.g. `WORSE` or `NEW SUITE, NOT WORSE`. */
  verdict: string;
  /** Why the exit is not 0; absent for 0. */
  reason?: Reason;
  /** The rest of the line, already escaped for Markdown. */
  detail: string;
  /** The run judged, for the reports. */
  run?: string;
  /** The suite file that made the run. */
  file?: string;
  /** The options report needs to read the same reference as the gate. */
  reportOptions?: string[];
}

/**
 * The label that init's workflow turns into the `accept-approval-change` input: the summary names
 * it wherever a maintainer's acceptance is how a change lands.
 */
export const ACCEPT_LABEL = "digline-accept-approval-change";

/** The fact kinds that say the suite's rules differ from the baseline's. */
const RULES_FACTS = new Set([
  "rules-moved",
  "config-changed",
  "cases-changed",
  "case-added",
  "case-removed",
  "check-added",
  "check-removed",
  "not-rechecked",
  "inputs-changed",
]);

/** A message that says a provider's key is not there. */
const MISSING_KEY = /api_key_env|API key|_API_KEY\b/;

/**
 * The summary line of one suite: its name, verdict, exit code and, when the code is not 0, the
 * reason first.
 *
 * @example
 * ```ts
 * import { deepStrictEqual as assertEquals } from "node:assert/strict";
 * assertEquals(
 *   summaryLine({ suite: "a<b>", code: 1, verdict: "WORSE", reason: "worse", detail: "x" }),
 *   "- **a\\<b\\>**: WORSE (exit 1), worse: x",
 * );
 * ```
 */
export function summaryLine(verdict: SuiteVerdict): string {
  // A detail that opens with the reason ("the rules changed: …") says it once.
  const said = verdict.reason === undefined ||
    verdict.detail.replace(/^the /, "").startsWith(`${verdict.reason}:`);
  const why = verdict.code === 0 || said ? "" : `, ${verdict.reason}`;
  return `- **${
    mdText(verdict.suite)
  }**: ${verdict.verdict} (exit ${verdict.code})${why}: ${verdict.detail}`;
}

/**
 * Text for the step log's annotation: the runner reads `%`, CR and LF as escapes, so each is
 * encoded and the message stays one command.
 *
 * @example
 * ```ts
 * import { deepStrictEqual as assertEquals } from "node:assert/strict";
 * assertEquals(commandData("a\n::error::b%"), "a%0A::error::b%25");
 * ```
 */
export function commandData(text: string): string {
  return text.replace(/%/g, "%25").replace(/\r/g, "%0D").replace(/\n/g, "%0A");
}

/** The worst of exit codes: 70 over 64 over 2 over 1 over 0. */
export function worstCode(codes: readonly number[]): number {
  return codes.reduce((worst, code) => Math.max(worst, code), 0);
}

/** The verdict word a compare headline starts with (`NOT WORSE`, `WORSE`, ...). */
export function verdictWord(headline: string): string {
  return headline.match(/^([A-Z][A-Z ,-]*?) \(exit \d+\)/)?.[1] ?? "JUDGED";
}

/** A headline's clauses, without the verdict and code its line already gives. */
function withoutVerdict(headline: string): string {
  return headline.replace(/^[A-Z][A-Z ,-]*? \(exit \d+\):\s*/, "");
}

/** What compare's `--json` document holds that the summary reads. */
interface CompareDocument {
  suite: string;
  candidate_run: string;
  exit_code: number;
  headline: string;
  facts?: { kind: string }[];
  approval?: { promoted_by?: string; because?: string } | null;
  approval_change?: { run_id: string; promoted_by: string; because: string } | null;
  confirm?: { budget_ended?: boolean } | null;
}

/** The reason a compare document's non-zero code gives, in the summary's order of precedence. */
export function compareReason(doc: CompareDocument): Reason {
  const facts = new Set((doc.facts ?? []).map((fact) => fact.kind));
  if ([...facts].some((kind) => RULES_FACTS.has(kind))) return "rules changed";
  if (doc.confirm?.budget_ended === true) return "budget ended";
  return doc.exit_code === 1 ? "worse" : "not judged";
}

function approvalWords(who: string | undefined, because: string | undefined): string {
  return `by ${mdText(who ?? "someone")} (because: ${mdText(because ?? "")})`;
}

/** What running a command printed and how it exited. */
interface Output {
  code: number;
  stdout: string;
  stderr: string;
}

/** One suite's run in this job: the file run, the suite it named and the run it stored. */
interface SuiteRun {
  file: string;
  run: string;
  suite: string;
  code: number;
}

/** What the step needs from the world: commands, files and where it writes. */
interface Step {
  digline: string[];
  tenant: string;
  reportDir: string;
  confirm: boolean;
  /** `compare --max-extra-calls`: the budget of `--confirm`'s extra calls; "" leaves the suite's. */
  maxExtraCalls: string;
  acceptApprovalChange: boolean;
  redact: string[];
  run(command: string[], options?: { log?: boolean }): Promise<Output>;
  git(...args: string[]): Promise<Output>;
}

function firstLine(text: string): string {
  return text.split("\n").map((line) => line.trim()).find((line) => line !== "") ?? "";
}

/** Parses compare's document, or undefined when it printed none (a refusal). */
function compareDocument(output: Output): CompareDocument | undefined {
  try {
    const doc = JSON.parse(output.stdout) as CompareDocument;
    return typeof doc?.headline === "string" ? doc : undefined;
  } catch {
    return undefined;
  }
}

/** A refusal or failure of compare: nothing was judged. */
function refusedVerdict(suite: string, output: Output): SuiteVerdict {
  const said = firstLine(output.stderr).replace(/^digline: /, "");
  const reason: Reason = MISSING_KEY.test(said)
    ? "missing key"
    : output.code === 64
    ? "refused"
    : "failed";
  return {
    suite,
    code: output.code === 0 ? 70 : output.code,
    verdict: "NOT JUDGED",
    reason,
    detail: `compare said: ${mdText(said || "nothing")}`,
  };
}

/** Whether the store in the checkout holds an approval of `suite`. */
async function approvedInTree(step: Step, suite: string): Promise<boolean> {
  try {
    for await (const entry of Deno.readDir(`.digline/${step.tenant}/baselines/${suite}`)) {
      if (entry.isFile && entry.name.endsWith(".json")) return true;
    }
  } catch {
    return false;
  }
  return false;
}

/** The suites with an approval committed at `ref`. */
async function approvedAt(step: Step, ref: string): Promise<string[]> {
  const listed = await step.git(
    "ls-tree",
    "-d",
    "--name-only",
    `${ref}:.digline/${step.tenant}/baselines/`,
  );
  if (listed.code !== 0) return [];
  const suites: string[] = [];
  for (const suite of listed.stdout.split("\n").filter((line) => line !== "")) {
    const files = await step.git(
      "ls-tree",
      "--name-only",
      `${ref}:.digline/${step.tenant}/baselines/${suite}/`,
    );
    if (files.stdout.split("\n").some((name) => name.endsWith(".json"))) suites.push(suite);
  }
  return suites;
}

async function compare(step: Step, run: string, options: string[]): Promise<Output> {
  return await step.run(
    [
      ...step.digline,
      "compare",
      run,
      ...options,
      ...(step.confirm ? ["--confirm"] : []),
      ...(step.maxExtraCalls === "" ? [] : ["--max-extra-calls", step.maxExtraCalls]),
      "--json",
    ],
    { log: true },
  );
}

/** The verdict of a suite with no approval at the ref: a new suite (or one the ref never held). */
async function newSuite(step: Step, ran: SuiteRun, ref: string): Promise<SuiteVerdict> {
  const { suite, run } = ran;
  if (!(await approvedInTree(step, suite))) {
    // The run this job made lives on the runner only: the reader approves one of their own.
    return {
      suite,
      code: 2,
      verdict: "NEW SUITE, NOT JUDGED",
      reason: "no approval",
      detail: `no approval of it is committed at ${mdCode(ref)} or in this pull request; ` +
        `on your machine, in this pull request's branch, run it with ${
          mdCode(`digline run ${ran.file}`)
        }, approve that run with ${
          mdCode(`digline promote latest --suite ${suite} --because "..."`)
        }, ` +
        `commit ${mdCode(folderOf(step, suite))} in this pull request, and push`,
      run,
    };
  }
  const output = await compare(step, run, []);
  const doc = compareDocument(output);
  if (doc === undefined) return refusedVerdict(suite, output);
  const judged = `first approved in this pull request ${
    approvalWords(doc.approval?.promoted_by, doc.approval?.because)
  }; judged against that approval: ${mdText(withoutVerdict(doc.headline))}`;
  return {
    suite,
    code: doc.exit_code,
    verdict: `NEW SUITE, ${verdictWord(doc.headline)}`,
    reason: "new suite",
    detail: judged + readingAdvice(step, ran, { code: doc.exit_code, ref: "" }),
    run,
    reportOptions: [],
  };
}

/** Where a suite's approvals are committed. */
function folderOf(step: Step, suite: string): string {
  return `.digline/${step.tenant}/baselines/${suite}/`;
}

/**
 * What a reader does about a suite's non-zero code, with commands that run on their machine in
 * the pull request's branch (the runs this job made stay on the runner): how to read why, and,
 * for a 1, how an intended change lands.
 */
function readingAdvice(step: Step, ran: SuiteRun, options: { code: number; ref: string }): string {
  if (options.code !== 1 && options.code !== 2) return "";
  const withRef = options.ref === "" ? "" : ` --baseline-ref ${options.ref}`;
  const read = `. To read why on your machine, in this pull request's branch after ${
    mdCode("git fetch origin")
  }: ${mdCode(`digline run ${ran.file}${withRef}`)}, then ${
    mdCode(`digline explain latest --suite ${ran.suite}${withRef}`)
  }`;
  if (options.code !== 1) return read;
  const approve = `${read}. If the change is intended, approve a run of it (${
    mdCode(`digline promote latest --suite ${ran.suite} --because "..."`)
  }), commit ${mdCode(folderOf(step, ran.suite))} in this pull request`;
  // Against the approval the tree holds (a new suite, no ref) the new approval is the reference
  // at once; against the base branch's, only the maintainers' label accepts it.
  return options.ref === ""
    ? approve
    : `${approve}, and a maintainer adds the label ${mdCode(ACCEPT_LABEL)}`;
}

/** The verdict of a suite approved at `ref`: judged against that approval. */
async function approvedSuite(step: Step, ran: SuiteRun, ref: string): Promise<SuiteVerdict> {
  const { suite, run } = ran;
  // The maintainers' label accepts rules that move the baseline's verdicts as it accepts an
  // approval change (ADR 0117); the reports read the same comparison.
  const atRef = [
    "--baseline-ref",
    ref,
    ...(step.acceptApprovalChange ? ["--accept-rules-change"] : []),
  ];
  const output = await compare(step, run, [...atRef, ...redactOptions(step)]);
  const doc = compareDocument(output);
  if (doc === undefined) return refusedVerdict(suite, output);
  const change = doc.approval_change ?? null;
  if (change === null) {
    const verdict = judgedVerdict(suite, run, doc, atRef);
    const kinds = new Set((doc.facts ?? []).map((fact) => fact.kind));
    if (kinds.has("rules-moved")) {
      return {
        ...verdict,
        detail: `${verdict.detail}. If the new rules are intended, it lands when a maintainer ` +
          `adds the label ${mdCode(ACCEPT_LABEL)}: the suite is then judged under the new rules`,
      };
    }
    if (kinds.has("rules-moved-accepted")) {
      return { ...verdict, verdict: `RULES CHANGED (accepted), ${verdict.verdict}` };
    }
    return {
      ...verdict,
      detail: verdict.detail + readingAdvice(step, ran, { code: doc.exit_code, ref }),
    };
  }
  const changed = `this pull request approves run ${mdCode(change.run_id)} ${
    approvalWords(change.promoted_by, change.because)
  }`;
  if (step.acceptApprovalChange) {
    const own = await compare(step, run, redactOptions(step));
    const ownDoc = compareDocument(own);
    if (ownDoc === undefined) return refusedVerdict(suite, own);
    const verdict = judgedVerdict(suite, run, ownDoc, []);
    return {
      ...verdict,
      verdict: `APPROVAL CHANGED (accepted), ${verdict.verdict}`,
      detail: `${changed}, accepted by the maintainers' approval-change input; judged against ` +
        `that approval: ${mdText(withoutVerdict(ownDoc.headline))}`,
    };
  }
  return {
    suite,
    code: Math.max(doc.exit_code, 1),
    verdict: `APPROVAL CHANGED, ${verdictWord(doc.headline)}`,
    reason: "approval changed",
    detail: `${changed}; against the approval at ${mdCode(ref)}: ${mdText(doc.headline)}. ` +
      `It lands when a maintainer adds the label ${mdCode(ACCEPT_LABEL)}`,
    run,
    reportOptions: atRef,
  };
}

function judgedVerdict(
  suite: string,
  run: string,
  doc: CompareDocument,
  reportOptions: string[],
): SuiteVerdict {
  return {
    suite,
    code: doc.exit_code,
    verdict: verdictWord(doc.headline),
    ...(doc.exit_code === 0 ? {} : { reason: compareReason(doc) }),
    detail: mdText(withoutVerdict(doc.headline)),
    run,
    reportOptions,
  };
}

function redactOptions(step: Step): string[] {
  return step.redact.length === 0 ? [] : ["--redact", step.redact.join(",")];
}

/** Runs one suite file; its run id, its suite, or the verdict of a run that stored nothing. */
async function runSuite(
  step: Step,
  file: string,
  runOptions: string[],
): Promise<SuiteRun | SuiteVerdict> {
  let output = await step.run([...step.digline, "run", file, "--json", ...runOptions], {
    log: true,
  });
  if (output.code === 64 && runOptions.length > 0 && !output.stdout.includes('"run_id"')) {
    // run reads the baseline the way compare will; a suite the ref does not approve yet (a new
    // one) has none there, so it runs as it would with no ref and is judged as new below.
    output = await step.run([...step.digline, "run", file, "--json"], { log: true });
  }
  let doc: { run_id?: unknown; suite?: unknown } = {};
  try {
    doc = JSON.parse(output.stdout);
  } catch {
    // A refusal prints no document; its sentence is on stderr.
  }
  if (typeof doc.run_id === "string" && typeof doc.suite === "string") {
    return { file, run: doc.run_id, suite: doc.suite, code: output.code };
  }
  const said = firstLine(output.stderr).replace(/^digline: /, "");
  // A key bound to a host nobody granted names its variable too; it is refused, not missing.
  const hostless = said.includes("DIGLINE_KEY_HOSTS=");
  const key = !hostless && MISSING_KEY.test(said);
  return {
    suite: file,
    code: output.code === 0 ? 70 : output.code,
    verdict: "NOT RUN",
    reason: key ? "missing key" : output.code === 64 ? "refused" : "failed",
    detail: `${mdCode(`digline run ${file}`)} stored no run: ${mdText(said || "it said nothing")}` +
      (key
        ? "; give the step the key from the repository's secrets (env: " +
          "OPENAI_API_KEY: ${{ secrets.OPENAI_API_KEY }}), which a fork's pull request does not get"
        : hostless
        ? "; if that server is yours, set DIGLINE_KEY_HOSTS in the workflow's env"
        : ""),
  };
}

/** Everything the step decided: one verdict per suite, in the order run. */
export async function judgeSuites(
  step: Step,
  options: { files: string[]; ref: string; runOptions: string[] },
): Promise<SuiteVerdict[]> {
  const verdicts: SuiteVerdict[] = [];
  const ran = new Set<string>();
  const runs: SuiteRun[] = [];
  for (const file of options.files) {
    const result = await runSuite(step, file, options.runOptions);
    if ("verdict" in result) verdicts.push(result);
    else {
      runs.push(result);
      ran.add(result.suite);
    }
  }
  const approved = options.ref === "" ? [] : await approvedAt(step, options.ref);
  for (const ran of runs) {
    const { run, suite, code } = ran;
    let verdict: SuiteVerdict;
    if (options.ref === "") {
      const output = await compare(step, run, redactOptions(step));
      const doc = compareDocument(output);
      verdict = doc === undefined
        ? refusedVerdict(suite, output)
        : judgedVerdict(suite, run, doc, []);
      if (doc !== undefined) {
        verdict.detail += readingAdvice(step, ran, { code: doc.exit_code, ref: "" });
      }
    } else if (!approved.includes(suite)) {
      verdict = await newSuite(step, ran, options.ref);
    } else {
      verdict = await approvedSuite(step, ran, options.ref);
    }
    if (code !== 0 && verdict.code === 0) {
      verdict = { ...verdict, detail: `${verdict.detail} (run exited ${code})` };
    }
    verdicts.push({ ...verdict, file: ran.file });
  }
  if (options.ref !== "") {
    for (const suite of approved) {
      if (ran.has(suite) || verdicts.some((v) => v.suite === suite)) continue;
      verdicts.push(await removedSuite(step, { suite, ref: options.ref, verdicts }));
    }
  }
  return verdicts;
}

/**
 * A suite approved at the ref that no suite this job ran is named any more (deleted, renamed, or
 * no longer listed). Its removal lands as one pull request that leaves nothing behind: the
 * approvals are deleted in the same pull request, and a maintainer accepts it. Accepted with the
 * approvals still in the tree it still fails, naming the command: merged so, the folder would
 * fail every later pull request (ADR 0116).
 */
async function removedSuite(
  step: Step,
  context: { suite: string; ref: string; verdicts: readonly SuiteVerdict[] },
): Promise<SuiteVerdict> {
  const { suite, ref } = context;
  const unrun = context.verdicts.some((v) => v.verdict === "NOT RUN")
    ? " (or its file did not run: fix that first if the suite stays)"
    : "";
  const where = `approved at ${mdCode(ref)}, and no suite this job ran is named ` +
    `${mdCode(suite)}${unrun}: the pull request deleted or renamed it, or the workflow does ` +
    "not list it";
  const folder = folderOf(step, suite);
  const deleted = !(await approvedInTree(step, suite));
  const label = `a maintainer adds the label ${mdCode(ACCEPT_LABEL)}`;
  if (deleted && step.acceptApprovalChange) {
    return {
      suite,
      code: 0,
      verdict: "REMOVED (accepted)",
      detail: `${where}; this pull request deletes its approvals (${mdCode(folder)}), so ` +
        "nothing is left behind; accepted by the maintainers' label",
    };
  }
  const remove = `delete its approvals in this pull request (${mdCode(`git rm -r ${folder}`)}, ` +
    "commit, push)";
  return {
    suite,
    code: 1,
    verdict: step.acceptApprovalChange ? "REMOVED (accepted), APPROVALS LEFT" : "REMOVED",
    reason: "removed suite",
    detail: deleted
      ? `${where}; this pull request deletes its approvals (${mdCode(folder)}). It lands when ` +
        label
      : step.acceptApprovalChange
      ? `${where}; accepted by the maintainers' label, but its approvals are still in the ` +
        `tree, and merged so they would fail every later pull request: ${remove}`
      : `${where}. To land it, ${remove}, and ${label}`,
  };
}

/** The headline output: each suite's line, plain, joined by " · ". */
function headlineOutput(verdicts: readonly SuiteVerdict[]): string {
  return verdicts
    .map((v) =>
      `${v.suite}: ${v.verdict} (exit ${v.code})${v.code !== 0 && v.reason ? `, ${v.reason}` : ""}`
    )
    .join(" · ")
    // deno-lint-ignore no-control-regex
    .replace(/[\x00-\x1f\x7f]+/g, " ");
}

function randomToken(): string {
  return [...crypto.getRandomValues(new Uint8Array(16))]
    .map((byte) => byte.toString(16).padStart(2, "0")).join("");
}

/** A `KEY<<DELIMITER` block for GITHUB_OUTPUT, whose delimiter no value can contain. */
function outputBlock(key: string, value: string): string {
  const delimiter = `digline_${randomToken()}`;
  return `${key}<<${delimiter}\n${value}\n${delimiter}\n`;
}

async function main(): Promise<number> {
  const env = (name: string) => Deno.env.get(name) ?? "";
  const reportDir = env("DIGLINE_REPORT_DIR") || "digline-report";
  await Deno.mkdir(reportDir, { recursive: true });
  const summaryFile = `${reportDir}/summary.md`;
  const encoder = new TextEncoder();
  const decoder = new TextDecoder();
  // Everything below, digline's output included, is printed with workflow commands stopped: the
  // token is drawn here, so no text a pull request controls can name it.
  const token = randomToken();
  console.log(`::stop-commands::${token}`);
  const annotations: string[] = [];

  const step: Step = {
    digline: (env("DIGLINE_COMMAND") || "digline").split(/\s+/).filter((w) => w !== ""),
    tenant: env("DIGLINE_TENANT") || "default",
    reportDir,
    confirm: env("DIGLINE_CONFIRM") === "true",
    maxExtraCalls: env("DIGLINE_MAX_EXTRA_CALLS").trim(),
    acceptApprovalChange: env("DIGLINE_ACCEPT_APPROVAL_CHANGE") === "true",
    redact: env("DIGLINE_REDACT").split(",").map((k) => k.trim()).filter((k) => k !== ""),
    async run(command, options = {}) {
      const out = await new Deno.Command(command[0], {
        args: command.slice(1),
        stdin: "null",
        stdout: "piped",
        stderr: "piped",
      }).output();
      const result = {
        code: out.code,
        stdout: decoder.decode(out.stdout),
        stderr: decoder.decode(out.stderr),
      };
      if (options.log) {
        await Deno.stderr.write(
          encoder.encode(`$ digline ${command.slice(step.digline.length).join(" ")}\n`),
        );
        await Deno.stderr.write(out.stderr);
      }
      return result;
    },
    async git(...args) {
      // No program the checkout configures (fsmonitor, hooks) runs from here.
      return await step.run([
        "git",
        "-c",
        "core.fsmonitor=false",
        "-c",
        "core.hooksPath=/dev/null",
        ...args,
      ]);
    },
  };

  const files = env("DIGLINE_SUITES").split(/\s+/).filter((f) => f !== "");
  let ref = env("DIGLINE_BASELINE_REF");
  if (ref === "" && env("GITHUB_BASE_REF") !== "") ref = `origin/${env("GITHUB_BASE_REF")}`;
  if (ref === "none") ref = "";

  let verdicts: SuiteVerdict[];
  const lead: string[] = ["## digline", ""];
  if (files.length === 0) {
    verdicts = [{
      suite: "(none)",
      code: 64,
      verdict: "NOT RUN",
      reason: "refused",
      detail: "the suites input names no suite file",
    }];
  } else {
    if (ref !== "") {
      const known = await step.git("rev-parse", "--verify", "--quiet", `${ref}^{commit}`);
      if (known.code !== 0 && ref.startsWith("origin/")) {
        // A shallow checkout has no base branch: fetch its tip, the only commit read at.
        const branch = ref.slice("origin/".length);
        const fetched = await step.git(
          "fetch",
          "--quiet",
          "--no-tags",
          "--depth=1",
          "origin",
          `+refs/heads/${branch}:refs/remotes/origin/${branch}`,
        );
        await Deno.stderr.write(encoder.encode(fetched.stderr));
      }
      lead.push(`Gated against the approvals committed at ${mdCode(ref)}.`, "");
    } else {
      lead.push("Gated against the approvals in the checkout (no baseline ref).", "");
    }
    const help = await step.run([...step.digline, "run", "--help"]);
    const runOptions = ref !== "" && help.stdout.includes("--baseline-ref")
      ? ["--baseline-ref", ref]
      : [];
    verdicts = await judgeSuites(step, { files, ref, runOptions });
  }
  const code = worstCode(verdicts.map((v) => v.code));
  const sections: string[] = [...lead, ...verdicts.map(summaryLine), ""];
  for (const verdict of verdicts) {
    if (verdict.run === undefined || verdict.reportOptions === undefined) continue;
    const options = [
      ...step.digline,
      "report",
      verdict.run,
      ...verdict.reportOptions,
      ...redactOptions(step),
    ];
    const md = await step.run([...options, "--format", "md"]);
    if (md.stdout.trim() !== "") sections.push(md.stdout.trimEnd(), "");
    const notes = md.stderr.split("\n").filter((line) => line.startsWith("note:"));
    for (const note of notes) sections.push(`> ${mdText(note)}`, "");
    const html = await step.run([...options, "--format", "html"]);
    if (html.code !== 64) {
      await Deno.writeTextFile(
        `${reportDir}/${verdict.suite.replace(/[^\w.-]/g, "_")}.html`,
        html.stdout,
      );
    }
  }
  for (const verdict of verdicts.filter((v) => v.code !== 0)) {
    annotations.push(
      `::error::${commandData(`digline: ${headlineOutput([verdict])}`)}`,
    );
  }
  const summary = sections.join("\n");
  await Deno.writeTextFile(summaryFile, summary);
  await Deno.writeTextFile(`${reportDir}/verdicts.json`, JSON.stringify(verdicts, null, 2));
  const stepSummary = env("GITHUB_STEP_SUMMARY");
  if (stepSummary !== "") await Deno.writeTextFile(stepSummary, summary, { append: true });
  else console.log(summary);
  const output = env("GITHUB_OUTPUT");
  if (output !== "") {
    await Deno.writeTextFile(
      output,
      outputBlock("exit-code", String(code)) + outputBlock("headline", headlineOutput(verdicts)),
      { append: true },
    );
  }
  console.log(`::${token}::`);
  for (const annotation of annotations) console.log(annotation);
  return code;
}

if (import.meta.main) Deno.exit(await main());
