/**
 * The operator example's system under test: deterministic, so each scenario classifies the same
 * way on every machine. `mode.json` beside it says how it behaves; the scenario runner writes it.
 *
 * - baseline, steady: every answer right.
 * - wobble: question 7 is answered wrong the first time it is asked in a Worker, right after (the
 *   run asks it in one Worker and the reruns in another, ADR 0083).
 * - drift: question 7 is always answered wrong.
 * - structural: every third question is answered wrong (10 of 30).
 *
 * @module
 */
const calls = new Map<number, number>();

function mode(): string {
  const path = new URL("./mode.json", import.meta.url);
  return JSON.parse(Deno.readTextFileSync(path)).mode;
}

/** Answers question n, rightly or not as the scenario's mode says. */
export function answer(vars: { n: number }): string {
  const n = vars.n;
  const call = (calls.get(n) ?? 0) + 1;
  calls.set(n, call);
  const wrong = (() => {
    switch (mode()) {
      case "wobble":
        return n === 7 && call === 1;
      case "drift":
        return n === 7;
      case "structural":
        return n % 3 === 0;
      default:
        return false;
    }
  })();
  return wrong ? `answer ${n + 100}` : `answer ${n}`;
}
