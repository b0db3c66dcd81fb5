import type { Comparison } from "./compare_runs.ts";
import { figureAlpha } from "./alpha_split.ts";
import { type Fact, type FactKind, VERDICT_FORCED_BY_FACT } from "./facts.ts";
import {
  count,
  distinctCases,
  drawn,
  figureMove,
  formatP,
  names,
  transition,
  VERDICT_WORDS,
} from "./fact_words.ts";

/** What each clause reads: the comparison, and its facts of some kinds. */
interface Reading {
  comparison: Comparison;
  of(...kinds: FactKind[]): Fact[];
}

/** One clause of the headline: its words, or undefined when its facts are absent. */
type Clause = (reading: Reading) => string | undefined;

/**
 * The reading a person acts on: the verdict, then clauses in a fixed order (most qualifying
 * first), each naming case ids and check names, never payload.
 */
export function headline(comparison: Comparison): string {
  const reading: Reading = {
    comparison,
    of: (...kinds) => comparison.facts.filter((f) => kinds.includes(f.kind)),
  };
  const clauses = CLAUSES.flatMap((clause) => clause(reading) ?? []);
  if (clauses.length === 0 || comparison.verdict === 0 && !hasWorse(comparison.facts)) {
    const comparedCases = comparison.facts.find((f) => f.kind === "compared")?.cases ?? [];
    clauses.unshift(
      `nothing got worse: ${
        count(comparedCases.length, "case")
      } compared with baseline ${comparison.baseline_run}`,
    );
  }
  return `${verdictWords(comparison)} (exit ${comparison.verdict}): ${clauses.join("; ")}`;
}

/**
 * The verdict's words: `RULES CHANGED` for a 1 that only the new rules' moved baseline verdicts
 * force (compare --baseline-ref, ADR 0117), so a reader sees that an edit of the suite, not the
 * system, is what waits for a maintainer.
 */
function verdictWords(comparison: Comparison): string {
  const worse = comparison.facts.filter((f) => VERDICT_FORCED_BY_FACT[f.kind] === 1);
  return comparison.verdict === 1 && worse.every((f) => f.kind === "rules-moved")
    ? "RULES CHANGED"
    : VERDICT_WORDS[comparison.verdict];
}

const unreconciled: Clause = ({ of }) => {
  const found = of("unreconciled");
  if (found.length === 0) return undefined;
  return `the run does not reconcile with what the suite asked: ${
    count(found.length, "check")
  } got no answer (${
    names(found)
  }); this is not a regression, and what the run measured is not known`;
};

const calibrationLost: Clause = ({ of }) => {
  const found = of("calibration-lost");
  return found.length === 0 ? undefined : `calibration lost: ${names(found, transition)}`;
};

const canaryMoved: Clause = ({ of }) => {
  const found = of("canary-moved");
  return found.length === 0 ? undefined : `canary moved: ${names(found, transition)}`;
};

const removedPassing: Clause = ({ of }) => {
  const found = of("case-removed").filter((f) => f.from === "pass");
  if (found.length === 0) return undefined;
  return `${count(found.length, "case")} that passed in the baseline ${
    found.length === 1 ? "is" : "are"
  } no longer checked (${names(found, (f) => f.case_id ?? "")})`;
};

const newRulesNotJudged: Clause = ({ of }) => {
  const notRechecked = of("not-rechecked");
  const inputsChanged = of("inputs-changed");
  const parts = partsOf(
    [
      notRechecked,
      (found) =>
        `${count(found.length, "check")} changed and can not be re-checked on the ` +
        `baseline's outputs without a call (${names(found)})`,
    ],
    [
      inputsChanged,
      (found) =>
        `${count(found.length, "case")} now ${
          found.length === 1 ? "asks" : "ask"
        } the target something else (${names(found, (f) => f.case_id ?? "")})`,
    ],
  );
  if (parts.length === 0) return undefined;
  const ways = [...new Set([...notRechecked, ...inputsChanged].map((f) => f.resolve))];
  return `not judged: ${parts.join(" and ")}; to approve the new rules: ${
    ways.filter((w) => w !== undefined).join("; or ")
  }`;
};

const couldNotJudge: Clause = ({ of }) => {
  const parts = partsOf(
    [of("unjudged"), (found) => `${count(found.length, "check")} (${names(found)})`],
    [
      of("figure-missing", "figure-uncomputable"),
      (found) =>
        `${count(found.length, "figure")} (${
          names(
            found,
            (f) => `${f.figure} ${f.kind === "figure-missing" ? "missing" : "not computable"}`,
          )
        })`,
    ],
  );
  return parts.length === 0 ? undefined : `could not judge ${parts.join(" and ")}`;
};

const regressions: Clause = ({ of }) => {
  const found = of("regression");
  if (found.length === 0) return undefined;
  return `${count(found.length, "regression")} in ${
    count(distinctCases(found), "case")
  }, pass → fail: ${names(found)}`;
};

const stableFlipsWorse: Clause = ({ comparison, of }) => {
  const test = comparison.flip_test;
  if (of("stable-flips-worse").length === 0 || test === null) return undefined;
  return `more stable checks failed than the baseline's ${comparison.baseline_runs.length} runs explain: ${
    count(test.failed, "case")
  } where ${test.expected.toFixed(1)} were expected (p ${formatP(test.p_value)} ≤ ${test.alpha}): ${
    names(of("stable-flip"))
  }`;
};

const figuresWorse: Clause = ({ of }) => {
  const found = of("figure-worse");
  return found.length === 0 ? undefined : `worse: ${names(found, figureMove)}`;
};

const unconfirmed: Clause = ({ comparison, of }) => {
  const found = of("unconfirmed");
  if (found.length === 0) return undefined;
  // A check the draws never reached (the budget ended first) was not cleared by any draw.
  const undrawn = found.every((f) =>
    (f.confirmation?.pass ?? 0) + (f.confirmation?.fail ?? 0) === 0
  );
  const were = found.length === 1 ? "was" : "were";
  const why = !undrawn
    ? "confirmation did not show a break"
    : comparison.confirm?.budget_ended === true
    ? `${were} not drawn again: the budget of extra calls ended first`
    : `${were} not drawn again`;
  return `unconfirmed: ${
    count(found.length, "stable check", "stable checks")
  } failed and ${why}; each failure still counts in the figures (${names(found, drawn)})`;
};

const runLevelNoise: Clause = ({ comparison }) => {
  const noise = comparison.run_noise;
  if (noise?.at_risk !== true) return undefined;
  return `run-level noise: the baseline's ${comparison.baseline_runs.length} runs vary ${
    noise.ratio.toFixed(1)
  } times as much as independent cases would (p ${formatP(noise.p_value)}): cases may fail ` +
    "together within a run, and the case-level tests, which assume they do not, may alarm " +
    `on an unchanged system${countedRuns(comparison)}`;
};

/** When the figure's test counted runs (ADR 0123): what it can find at this B, and what it found. */
function countedRuns(comparison: Comparison): string {
  const noise = comparison.run_noise;
  if (noise?.counted_runs !== true) return "";
  const runs = comparison.baseline_runs.length;
  const reach = typeof noise.run_drop === "number"
    ? `; the figure's test counted runs: with these ${runs} runs it finds a drop of ${
      noise.run_drop.toFixed(4)
    } or more (power ${comparison.gate.power})`
    : `; the figure's test counted runs`;
  if (noise.run_p_value === null) return reach;
  const p = formatP(noise.run_p_value);
  if (!noise.widened) return `${reach} (run against run p ${p})`;
  return noise.runs_needed === undefined
    ? `${reach}, and the figure did not drop run against run (p ${p}): within noise`
    : `${reach}, and the figure did not drop run against run (p ${p})`;
}

const runsTooFew: Clause = ({ comparison, of }) => {
  const found = of("runs-too-few");
  if (found.length === 0) return undefined;
  const what = found.map((f) =>
    f.figure === undefined
      ? `more stable checks failed than the baseline's runs explain case by case (${
        count(Number(comparison.flip_test?.failed ?? 0), "case")
      }), not run against run (p ${formatP(comparison.flip_test?.run_p_value ?? 1)})`
      : `${f.figure} is worse case by case, not run against run (p ${
        formatP(comparison.run_noise?.run_p_value ?? 1)
      })`
  ).join(", and ");
  const most = Math.max(...found.map((f) => Number(f.to)));
  return `not judged: ${what}; the baseline's runs disagree more than their cases explain, and ` +
    `${comparison.baseline_runs.length} runs can not tell a drop this size from their own ` +
    `spread: ${most} runs would (digline promote RUN --repeats ${most} --because TEXT)`;
};

/**
 * Plain compare added the runs' own variance to its tests (ADR 0130): said when a test was past
 * its level case by case, with both p-values and what the variance made of it.
 */
const runVariance: Clause = ({ comparison, of }) => {
  const noise = comparison.run_noise;
  const variance = noise?.run_variance;
  if (variance === undefined || variance <= 0) return undefined;
  const primary = comparison.figures.find((f) => f.role === "primary");
  const flipTest = comparison.flip_test;
  const parts: { name: string; words: string; worse: boolean }[] = [];
  const figureP = noise?.figure_p_value_with_runs;
  const level = figureAlpha(comparison.gate.alpha, { flipCounted: flipTest !== null });
  if (primary?.test != null && typeof figureP === "number" && primary.test.p_value <= level) {
    parts.push({
      name: primary.name,
      words: `${primary.name}'s drop has p ${formatP(figureP)} with it (${
        formatP(primary.test.p_value)
      } case by case)`,
      worse: primary.status === "worse",
    });
  }
  if (flipTest != null && flipTest.p_value_with_runs !== undefined) {
    parts.push({
      name: "the count of stable flips",
      words: `the count of stable flips p ${formatP(flipTest.p_value_with_runs)} (${
        formatP(flipTest.p_value)
      })`,
      worse: of("stable-flips-worse").length > 0,
    });
  }
  if (parts.length === 0) return undefined;
  const worse = parts.filter((p) => p.worse).length;
  const tail = worse === parts.length
    ? ": worse with it too"
    : worse === 0
    ? ": within the runs' spread; a fresh run tells a bad hour from a drop"
    : `: ${parts.filter((p) => p.worse).map((p) => p.name).join("")} worse with it too, ${
      parts.filter((p) => !p.worse).map((p) => p.name).join("")
    } within the runs' spread`;
  // The stable checks a count within the runs' spread leaves unnamed by any other clause.
  const flips = of("stable-flip");
  const held = flipTest != null && flipTest.p_value_with_runs !== undefined &&
      of("stable-flips-worse").length === 0 && flips.length > 0
    ? `; ${
      count(flips.length, "stable check", "stable checks")
    } failed, each counted in the figures (${names(flips)})`
    : "";
  // A standard deviation in the figure's own units reads at a glance; a variance does not.
  return `the tests added the runs' own variance (${primary?.name ?? "the figure"} moves by about ${
    Math.sqrt(variance).toPrecision(2)
  } a run beyond what its cases explain): ${
    parts.map((p) => p.words).join(", and ")
  }${tail}${held}`;
};

const runsDisagree: Clause = ({ comparison }) => {
  const noise = comparison.run_noise;
  if (noise?.runs_disagree !== true) return undefined;
  return `case by case only: the primary figure is worse case by case, not run against run (p ${
    noise.run_p_value === null ? "not computable" : formatP(noise.run_p_value)
  }); a bad hour of the provider would look the same: compare a fresh run`;
};

const unbounded: Clause = ({ comparison }) => {
  const confirm = comparison.confirm;
  if (confirm?.bounded !== false) return undefined;
  return `unbounded: k = ${confirm.k} reruns can not hold this baseline's false confirmations ` +
    `within ${confirm.confirm_alpha}; a confirmed break may be noise (a plan made before ` +
    "such plans were refused, ADR 0092)";
};

const budgetEnded: Clause = ({ comparison }) => {
  const confirm = comparison.confirm;
  if (confirm?.budget_ended !== true) return undefined;
  const max = confirm.max_extra_calls ?? 0;
  // A plan cut to fit the budget (room kept for confirming failures) can leave calls unspent:
  // then the budget limited the draws, and did not end them.
  return (confirm.spent_calls >= max
    ? `the budget of ${max} extra calls ended the draws, not the evidence ` +
      `(${confirm.spent_calls} made; more were wanted): what is undecided stayed undecided ` +
      "([gate] max_extra_calls)"
    : `the budget of ${max} extra calls limited the draws, not the evidence: fewer were ` +
      `planned than wanted, to fit it (${confirm.spent_calls} of its ${max} calls made); ` +
      "what is undecided stayed undecided ([gate] max_extra_calls)") + toFinish(confirm);
};

/** The budget that would have finished a confirmation the budget ended, in its own sentence. */
function toFinish(confirm: NonNullable<Comparison["confirm"]>): string {
  const needed = confirm.budget_to_finish;
  if (typeof needed !== "number" || needed <= (confirm.max_extra_calls ?? 0)) return "";
  return `; a budget of ${needed} extra calls would have finished the confirmation, at most ` +
    `(compare --confirm --max-extra-calls ${needed}, or [gate] max_extra_calls)`;
}

const withinHistory: Clause = ({ comparison, of }) => {
  const flips = of("stable-flip");
  const test = comparison.flip_test;
  if (flips.length === 0 || of("stable-flips-worse").length > 0 || test === null) return undefined;
  // Worse case by case, not run against run (ADR 0123): a runs-too-few clause says it, or this.
  if (test.p_value <= test.alpha) {
    if (of("runs-too-few").some((f) => f.figure === undefined)) return undefined;
    // Within the runs' own variance (ADR 0130): the runVariance clause says it.
    if (test.p_value_with_runs !== undefined) return undefined;
    return `within the baseline's runs: ${
      count(flips.length, "stable check", "stable checks")
    } failed, more than its runs explain case by case (p ${
      formatP(test.p_value)
    }) but not run against run (p ${
      formatP(test.run_p_value ?? 1)
    }), whose runs disagree more than their cases explain; each failure counts in the figures (${
      names(flips)
    })`;
  }
  return `within the baseline's history: ${
    count(flips.length, "stable check", "stable checks")
  } failed, as often as ${comparison.baseline_runs.length} runs of an unchanged system make likely (${
    count(test.failed, "case")
  }, ${test.expected.toFixed(1)} expected; p ${
    formatP(test.p_value)
  }); each failure counts in the figures (${names(flips)})`;
};

const droppedNotGating: Clause = ({ of }) => {
  const parts = partsOf(
    [
      of("figure-flagged"),
      (found) => `significant across the figures: ${names(found, figureMove)}`,
    ],
    [of("figure-untested"), (found) => `no paired test: ${names(found, figureMove)}`],
  );
  return parts.length === 0 ? undefined : `dropped, not gating: ${parts.join("; ")}`;
};

// Only a baseline of several runs measured its noise; with one, say what the test found.
const measured = (comparison: Comparison) => comparison.baseline_runs.length >= 2;

const notSignificant: Clause = ({ comparison, of }) => {
  const withinNoise = of("figure-within-noise");
  if (withinNoise.length === 0 || measured(comparison)) return undefined;
  const paired = new Map(comparison.figures.map((f) => [f.name, f.paired_cases ?? 0]));
  // "Not significant" read as "fine": the test did not prove the drop, nor did it rule it out.
  return `dropped, not proven at alpha ${comparison.gate.alpha}, nor ruled out (one baseline ` +
    `run, so its noise was not measured): ${
      names(withinNoise, (f) =>
        `${figureMove(f)} with ${count(paired.get(f.figure ?? "") ?? 0, "case")}`)
    }`;
};

const withinNoise: Clause = ({ comparison, of }) => {
  const parts = partsOf(
    [measured(comparison) ? of("figure-within-noise") : [], (found) => names(found, figureMove)],
    [
      of("noisy"),
      (found) =>
        `${
          count(found.length, "noisy check", "noisy checks")
        } failed, judged through the figures (${names(found)})`,
    ],
  );
  return parts.length === 0 ? undefined : `within the baseline's noise: ${parts.join("; ")}`;
};

const better: Clause = ({ of }) => {
  const parts = partsOf(
    [of("figure-better"), (found) => names(found, figureMove)],
    [of("improvement"), (found) => `${count(found.length, "check")} fail → pass (${names(found)})`],
  );
  return parts.length === 0 ? undefined : `better: ${parts.join("; ")}`;
};

/** The parts of a clause, each worded from its facts when it has any. */
function partsOf(...parts: [Fact[], (found: Fact[]) => string][]): string[] {
  return parts.flatMap(([found, words]) => found.length === 0 ? [] : [words(found)]);
}

const rulesChanged: Clause = ({ comparison }) => rulesClause(comparison.facts);

const rulesMoved: Clause = ({ of }) => {
  const moved = of("rules-moved");
  const accepted = of("rules-moved-accepted");
  const found = moved.length > 0 ? moved : accepted;
  if (found.length === 0) return undefined;
  const what = `the new rules move the baseline's verdict of ${
    count(distinctCases(found), "case")
  } (${names(found, transition)})`;
  return moved.length > 0
    ? `${what}: against the approval at the baseline ref that lands only when a maintainer ` +
      "accepts it (--accept-rules-change)"
    : `${what}, accepted by a maintainer (--accept-rules-change): judged under the new rules`;
};

/** The headline's clauses, in the order it states them: what most qualifies the verdict first. */
const CLAUSES: readonly Clause[] = [
  unreconciled,
  calibrationLost,
  canaryMoved,
  rulesChanged,
  rulesMoved,
  removedPassing,
  newRulesNotJudged,
  couldNotJudge,
  runsTooFew,
  regressions,
  stableFlipsWorse,
  figuresWorse,
  unconfirmed,
  runLevelNoise,
  runVariance,
  runsDisagree,
  unbounded,
  budgetEnded,
  withinHistory,
  droppedNotGating,
  notSignificant,
  withinNoise,
  better,
];

function rulesClause(facts: readonly Fact[]): string | undefined {
  const parts: string[] = [];
  if (facts.some((f) => f.kind === "config-changed")) parts.push("the checks' definitions differ");
  if (facts.some((f) => f.kind === "cases-changed")) parts.push("the cases differ");
  const listed = (kind: FactKind, what: string, name: (f: Fact) => string) => {
    const found = facts.filter((f) => f.kind === kind);
    if (found.length > 0) parts.push(`${count(found.length, what)} (${names(found, name)})`);
  };
  listed("case-added", "case added", (f) => f.case_id ?? "");
  listed("case-removed", "case removed", (f) => f.case_id ?? "");
  // A check whose definition moved is one removed and one added under the same name.
  const addedNames = new Set(facts.filter((f) => f.kind === "check-added").map((f) => f.assertion));
  const changed = facts.filter((f) => f.kind === "check-removed" && addedNames.has(f.assertion));
  const changedNames = new Set(changed.map((f) => f.assertion));
  const listedApart = (kind: FactKind, what: string) => {
    const found = facts.filter((f) => f.kind === kind && !changedNames.has(f.assertion));
    if (found.length > 0) {
      parts.push(`${count(found.length, what)} (${names(found, (f) => f.assertion ?? "")})`);
    }
  };
  // A check whose own text is unchanged moved with a file of its suite module (ADR 0112): the
  // reader is told where to look.
  const byModule = new Set(
    facts.filter((f) => f.kind === "check-added" && f.setting === "module_graph")
      .map((f) => f.assertion),
  );
  const [own, throughModule] = [
    changed.filter((f) => !byModule.has(f.assertion)),
    changed.filter((f) => byModule.has(f.assertion)),
  ];
  if (own.length > 0) {
    parts.push(`${count(own.length, "check")} changed (${names(own, (f) => f.assertion ?? "")})`);
  }
  if (throughModule.length > 0) {
    parts.push(
      `${count(throughModule.length, "check")} changed through a file of the suite's module, ` +
        `not ${throughModule.length === 1 ? "its" : "their"} own text (${
          names(throughModule, (f) => f.assertion ?? "")
        })`,
    );
  }
  listedApart("check-added", "check added");
  listedApart("check-removed", "check removed");
  const rechecked = facts.filter((f) => f.kind === "rechecked");
  if (rechecked.length > 0) {
    const cases = new Set(rechecked.flatMap((f) => f.cases ?? []));
    parts.push(
      `the baseline was re-checked under the new rules (${
        names(rechecked, (f) => f.assertion ?? "")
      } on ${count(cases.size, "case")})`,
    );
  }
  return parts.length === 0 ? undefined : `the rules changed: ${parts.join(", ")}`;
}

function hasWorse(facts: readonly Fact[]): boolean {
  return facts.some((f) => VERDICT_FORCED_BY_FACT[f.kind] > 0);
}
