import type { Comparison, FigureComparison } from "./compare.ts";
import { type Fact, type FactKind, VERDICT_FORCED_BY_FACT } from "./facts.ts";
import { grouped } from "../grouped.ts";

/** How many names a headline clause prints before it says how many more there are. */
const NAMES_SHOWN = 5;

const VERDICT_WORDS = ["NOT WORSE", "WORSE", "COULD NOT BE JUDGED"] as const;

/**
 * The reading a person acts on: the verdict, then clauses in a fixed order (most qualifying
 * first), each naming case ids and check names, never payload.
 */
export function headline(comparison: Comparison): string {
  const of = (...kinds: FactKind[]) => comparison.facts.filter((f) => kinds.includes(f.kind));
  const clauses: string[] = [];
  const unreconciled = of("unreconciled");
  if (unreconciled.length > 0) {
    clauses.push(
      `the run does not reconcile with what the suite asked: ${
        count(unreconciled.length, "check")
      } got no answer (${
        names(unreconciled)
      }); this is not a regression, and what the run measured is not known`,
    );
  }
  const calibration = of("calibration-lost");
  if (calibration.length > 0) {
    clauses.push(`calibration lost: ${names(calibration, transition)}`);
  }
  const canary = of("canary-moved");
  if (canary.length > 0) {
    clauses.push(`canary moved: ${names(canary, transition)}`);
  }
  const rules = rulesClause(comparison.facts);
  if (rules !== undefined) clauses.push(rules);
  const removedPassing = of("case-removed").filter((f) => f.from === "pass");
  if (removedPassing.length > 0) {
    clauses.push(
      `${count(removedPassing.length, "case")} that passed in the baseline ${
        removedPassing.length === 1 ? "is" : "are"
      } no longer checked (${names(removedPassing, (f) => f.case_id ?? "")})`,
    );
  }
  const unjudged = of("unjudged");
  const figuresUnjudged = of("figure-missing", "figure-uncomputable");
  const notRechecked = of("not-rechecked");
  const inputsChanged = of("inputs-changed");
  if (notRechecked.length > 0 || inputsChanged.length > 0) {
    const parts: string[] = [];
    if (notRechecked.length > 0) {
      parts.push(
        `${count(notRechecked.length, "check")} changed and can not be re-checked on the ` +
          `baseline's outputs without a call (${names(notRechecked)})`,
      );
    }
    if (inputsChanged.length > 0) {
      parts.push(
        `${count(inputsChanged.length, "case")} now ${
          inputsChanged.length === 1 ? "asks" : "ask"
        } the target something else (${names(inputsChanged, (f) => f.case_id ?? "")})`,
      );
    }
    const ways = [...new Set([...notRechecked, ...inputsChanged].map((f) => f.resolve))];
    clauses.push(
      `not judged: ${parts.join(" and ")}; to approve the new rules: ${
        ways.filter((w) => w !== undefined).join("; or ")
      }`,
    );
  }
  if (unjudged.length > 0 || figuresUnjudged.length > 0) {
    const parts: string[] = [];
    if (unjudged.length > 0) {
      parts.push(`${count(unjudged.length, "check")} (${names(unjudged)})`);
    }
    if (figuresUnjudged.length > 0) {
      parts.push(
        `${count(figuresUnjudged.length, "figure")} (${
          names(figuresUnjudged, (f) =>
            `${f.figure} ${f.kind === "figure-missing" ? "missing" : "not computable"}`)
        })`,
      );
    }
    clauses.push(`could not judge ${parts.join(" and ")}`);
  }
  const regressions = of("regression");
  if (regressions.length > 0) {
    clauses.push(
      `${count(regressions.length, "regression")} in ${
        count(distinctCases(regressions), "case")
      }, pass → fail: ${names(regressions)}`,
    );
  }
  const stableFlips = of("stable-flip");
  const test = comparison.flip_test;
  if (of("stable-flips-worse").length > 0 && test !== null) {
    clauses.push(
      `more stable checks failed than the baseline's ${comparison.baseline_runs.length} runs explain: ${
        count(test.failed, "case")
      } where ${test.expected.toFixed(1)} were expected (p ${
        formatP(test.p_value)
      } ≤ ${test.alpha}): ${names(stableFlips)}`,
    );
  }
  const worse = of("figure-worse");
  if (worse.length > 0) clauses.push(`worse: ${names(worse, figureMove)}`);
  const unconfirmed = of("unconfirmed");
  if (unconfirmed.length > 0) {
    clauses.push(
      `unconfirmed: ${
        count(unconfirmed.length, "stable check", "stable checks")
      } failed and confirmation did not show a break; each failure still counts in the figures (${
        names(unconfirmed, drawn)
      })`,
    );
  }
  const confirm = comparison.confirm;
  if (confirm?.budget_ended === true) {
    const max = confirm.max_extra_calls ?? 0;
    // A plan cut to fit the budget (room kept for confirming failures) can leave calls unspent:
    // then the budget limited the draws, and did not end them.
    clauses.push(
      confirm.spent_calls >= max
        ? `the budget of ${max} extra calls ended the draws, not the evidence ` +
          `(${confirm.spent_calls} made; more were wanted): what is undecided stayed undecided ` +
          "([gate] max_extra_calls)"
        : `the budget of ${max} extra calls limited the draws, not the evidence: fewer were ` +
          `planned than wanted, to fit it (${confirm.spent_calls} of its ${max} calls made); ` +
          "what is undecided stayed undecided ([gate] max_extra_calls)",
    );
  }
  if (stableFlips.length > 0 && of("stable-flips-worse").length === 0 && test !== null) {
    clauses.push(
      `within the baseline's history: ${
        count(stableFlips.length, "stable check", "stable checks")
      } failed, as often as ${comparison.baseline_runs.length} runs of an unchanged system make likely (${
        count(test.failed, "case")
      }, ${test.expected.toFixed(1)} expected; p ${
        formatP(test.p_value)
      }); each failure counts in the figures (${names(stableFlips)})`,
    );
  }
  const flagged = of("figure-flagged");
  const untested = of("figure-untested");
  if (flagged.length > 0 || untested.length > 0) {
    const parts: string[] = [];
    if (flagged.length > 0) {
      parts.push(`significant across the figures: ${names(flagged, figureMove)}`);
    }
    if (untested.length > 0) parts.push(`no paired test: ${names(untested, figureMove)}`);
    clauses.push(`dropped, not gating: ${parts.join("; ")}`);
  }
  const withinNoise = of("figure-within-noise");
  const noisy = of("noisy");
  // Only a baseline of several runs measured its noise; with one, say what the test found.
  const measured = comparison.baseline_runs.length >= 2;
  if (withinNoise.length > 0 && !measured) {
    const paired = new Map(comparison.figures.map((f) => [f.name, f.paired_cases ?? 0]));
    clauses.push(
      `dropped, not significant at alpha ${comparison.gate.alpha} (one baseline run, so its ` +
        `noise was not measured): ${
          names(withinNoise, (f) =>
            `${figureMove(f)} with ${count(paired.get(f.figure ?? "") ?? 0, "case")}`)
        }`,
    );
  }
  if ((measured && withinNoise.length > 0) || noisy.length > 0) {
    const parts: string[] = [];
    if (measured && withinNoise.length > 0) parts.push(names(withinNoise, figureMove));
    if (noisy.length > 0) {
      parts.push(
        `${
          count(noisy.length, "noisy check", "noisy checks")
        } failed, judged through the figures (${names(noisy)})`,
      );
    }
    clauses.push(`within the baseline's noise: ${parts.join("; ")}`);
  }
  const better = of("figure-better");
  const improvements = of("improvement");
  if (better.length > 0 || improvements.length > 0) {
    const parts: string[] = [];
    if (better.length > 0) parts.push(names(better, figureMove));
    if (improvements.length > 0) {
      parts.push(`${count(improvements.length, "check")} fail → pass (${names(improvements)})`);
    }
    clauses.push(`better: ${parts.join("; ")}`);
  }
  const verdict = VERDICT_WORDS[comparison.verdict];
  if (clauses.length === 0 || comparison.verdict === 0 && !hasWorse(comparison.facts)) {
    const comparedCases = comparison.facts.find((f) => f.kind === "compared")?.cases ?? [];
    clauses.unshift(
      `nothing got worse: ${
        count(comparedCases.length, "case")
      } compared with baseline ${comparison.baseline_run}`,
    );
  }
  return `${verdict} (exit ${comparison.verdict}): ${clauses.join("; ")}`;
}

/**
 * The fact list behind the verdict, one fact per line in the closed vocabulary, ending with the
 * verdict and the kinds that forced it. States; never advises.
 */
export function explainLines(comparison: Comparison): string[] {
  const lines = comparison.facts.map(factLine);
  const forcing = [
    ...new Set(
      comparison.facts.filter((f) =>
        VERDICT_FORCED_BY_FACT[f.kind] === comparison.verdict && f.kind
      )
        .map((f) => f.kind),
    ),
  ];
  lines.push(
    `verdict ${comparison.verdict} ${VERDICT_WORDS[comparison.verdict].toLowerCase()}${
      comparison.verdict === 0 ? "" : `: from ${forcing.join(", ")}`
    }`,
  );
  return lines;
}

/**
 * A figure's status as a reader should see it: a drop the test did not find significant is
 * "within-noise" only when the baseline measured its noise (two or more runs).
 */
export function figureStatusWord(
  figure: Pick<FigureComparison, "status">,
  baselineRuns: number,
): string {
  return figure.status === "within-noise" && baselineRuns < 2 ? "not significant" : figure.status;
}

/** One fact as one line: its kind, then what it is about, then what moved. */
export function factLine(fact: Fact): string {
  const subject = fact.case_id !== undefined
    ? (fact.assertion === undefined ? fact.case_id : `${fact.case_id} · ${fact.assertion}`)
    : fact.figure ?? fact.assertion ?? fact.setting ?? "";
  const move = fact.from !== undefined || fact.to !== undefined
    ? `${show(fact.from)} → ${show(fact.to)}`
    : "";
  if (fact.kind === "compared") {
    return `compared ${count(fact.cases?.length ?? 0, "case")}`;
  }
  if (fact.kind === "rechecked") {
    const cases = fact.cases ?? [];
    return `rechecked  ${subject}  the candidate's check re-applied to the baseline's outputs of ${
      count(cases.length, "case")
    }`;
  }
  if (fact.kind === "stable-flips-worse") {
    const expected = typeof fact.from === "number" ? fact.from.toFixed(2) : show(fact.from);
    return `stable-flips-worse  ${show(fact.to === undefined ? null : String(fact.to))} cases ` +
      `with a stable check failed, ${expected} expected`;
  }
  const resolve = fact.resolve === undefined ? "" : `resolve: ${fact.resolve}`;
  return [fact.kind, subject, move, resolve].filter((part) => part !== "").join("  ");
}

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
  if (changed.length > 0) {
    parts.push(
      `${count(changed.length, "check")} changed (${names(changed, (f) => f.assertion ?? "")})`,
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

function names(facts: readonly Fact[], name: (f: Fact) => string = checkName): string {
  const shown = facts.slice(0, NAMES_SHOWN).map(name).join(", ");
  const rest = facts.length - NAMES_SHOWN;
  return rest > 0 ? `${shown} and ${rest} more` : shown;
}

function checkName(f: Fact): string {
  return `${f.case_id} · ${f.assertion}`;
}

function transition(f: Fact): string {
  return `${checkName(f)} ${show(f.from)} → ${show(f.to)}`;
}

function figureMove(f: Fact): string {
  const from = typeof f.from === "number" ? f.from : null;
  const to = typeof f.to === "number" ? f.to : null;
  const delta = from !== null && to !== null ? ` (${signed(to - from)})` : "";
  return `${f.figure} ${show(from)} → ${show(to)}${delta}`;
}

function drawn(f: Fact): string {
  const c = f.confirmation;
  return c === undefined ? checkName(f) : `${checkName(f)} ${c.pass} pass of ${c.pass + c.fail}`;
}

function distinctCases(facts: readonly Fact[]): number {
  return new Set(facts.map((f) => f.case_id)).size;
}

function show(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return "none";
  return typeof value === "number" ? value.toFixed(4) : value;
}

function formatP(p: number): string {
  return p < 0.001 ? p.toExponential(1) : p.toFixed(3);
}

function signed(n: number): string {
  return `${n >= 0 ? "+" : "−"}${Math.abs(n).toFixed(4)}`;
}

function count(n: number, noun: string, plural?: string): string {
  if (n === 1) return `1 ${noun}`;
  const nouns = plural ?? (noun.endsWith("s") ? noun : noun.replace(/(\w+)( .*)?$/, "$1s$2"));
  return `${grouped(n)} ${nouns}`;
}
