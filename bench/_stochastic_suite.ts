/**
 * A seeded stochastic system behind a real suite, for driving the CLI as a user would: case i
 * answers right with probability p_i. The module reads its seed from DIGLINE_SYSTEM_SEED, so each
 * `digline run` is a fresh draw that a given seed reproduces, and counts each case's calls, so
 * the runs `promote --repeats` makes in one process differ from each other too.
 */
import { seededRandom } from "./_seeded_random.ts";

/** The environment variable the system's module reads its seed from. */
export const SEED_VARIABLE = "DIGLINE_SYSTEM_SEED";

/** A suite's pass rates, one per case. */
export type PassRates = readonly number[];

/** The detection bench's mix: 70% stable-pass (0.98), 10% stable-fail (0.02), 20% U(0.3, 0.9). */
export function benchMix(size: number, seed: number): number[] {
  const random = seededRandom(seed);
  return Array.from({ length: size }, (_, i) => {
    const share = i / size;
    return share < 0.7 ? 0.98 : share < 0.8 ? 0.02 : 0.3 + 0.6 * random();
  });
}

/** Every case noisy: p ~ U(0.5, 0.8). */
export function midMix(size: number, seed: number): number[] {
  const random = seededRandom(seed);
  return Array.from({ length: size }, () => 0.5 + 0.3 * random());
}

/**
 * A drop of `points` of accuracy spread over the cases whose p is between 0.1 and 0.95 in
 * proportion to p (diffuse), or made of stable-pass cases that break to 0.02 (concentrated; on
 * a mix without such cases, of the highest-p cases).
 */
export function dropped(
  rates: PassRates,
  options: { points: number; shape: "diffuse" | "concentrated" },
): number[] {
  const total = (options.points / 100) * rates.length;
  if (options.shape === "diffuse") {
    const movable = rates.map((p) => (p > 0.1 && p < 0.95 ? p : 0));
    const mass = movable.reduce((a, b) => a + b, 0);
    return rates.map((p, i) => Math.max(0, p - (total * movable[i]) / mass));
  }
  const order = rates.map((p, i) => ({ p, i })).sort((a, b) => b.p - a.p || a.i - b.i);
  const next = [...rates];
  let left = total;
  for (const { p, i } of order) {
    if (left <= 1e-9) break;
    const target = Math.max(0.02, p - left);
    left -= p - target;
    next[i] = target;
  }
  return next;
}

/** The suite's TOML: one case per rate, an equals check, accuracy as the primary figure. */
export function stochasticSuiteToml(rates: PassRates, options: { name: string }): string {
  const cases = rates.map((_, i) =>
    `[[cases]]\nid = "c${String(i).padStart(4, "0")}"\nvars = { n = ${i} }\nexpected = "a${i}"\n`
  );
  return [
    `name = "${options.name}"`,
    "",
    "[target]",
    'module = "system.ts"',
    'export = "answer"',
    "retries = 0",
    "",
    "[[assertions]]",
    'name = "correct"',
    'kind = "equals"',
    "",
    "[[aggregates]]",
    'name = "accuracy"',
    'kind = "accuracy"',
    'over = "correct"',
    "",
    ...cases,
  ].join("\n");
}

/**
 * The system's module source: answers "a<n>" with probability rates[n], else "wrong". Its seed
 * is `seed` when given (a bench that loads many systems in one process), else DIGLINE_SYSTEM_SEED;
 * `fresh` draws it anew each time the module is imported, as digline imports a module target
 * afresh for each run and each round of draws (ADR 0083): a seeded system would answer every run
 * alike. It exports `calls_made()`, how many times it was asked in this import.
 */
export function stochasticSystemSource(
  rates: PassRates,
  options: { seed?: number; fresh?: boolean } = {},
): string {
  const seed = options.fresh === true
    ? "crypto.getRandomValues(new Uint32Array(1))[0]"
    : options.seed === undefined
    ? `Number(Deno.env.get("${SEED_VARIABLE}") ?? "1")`
    : String(options.seed >>> 0);
  return `const RATES = ${JSON.stringify(rates)};
const SEED = ${seed};
const calls = new Map();
let total = 0;
export function calls_made() {
  return total;
}
function uniform(a, b, c) {
  let t = (Math.imul(a, 0x9e3779b1) ^ Math.imul(b + 1, 0x85ebca6b) ^ Math.imul(c + 1, 0xc2b2ae35)) >>> 0;
  for (let round = 0; round < 3; round++) {
    t = (t + 0x6d2b79f5) >>> 0;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    t = (t ^ (t >>> 14)) >>> 0;
  }
  return t / 4294967296;
}
export function answer(vars) {
  const n = vars.n;
  total += 1;
  const k = (calls.get(n) ?? 0) + 1;
  calls.set(n, k);
  return uniform(SEED, n, k) < RATES[n] ? "a" + n : "wrong";
}
`;
}
