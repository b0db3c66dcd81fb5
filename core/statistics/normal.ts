/**
 * The standard normal distribution function Φ(x).
 *
 * |x| ≤ 5 sums Marsaglia's series, Φ(x) = ½ + φ(x)·(x + x³/3 + x⁵/(3·5) + …) (G. Marsaglia,
 * "Evaluating the Normal Distribution", J. Stat. Software 11(4), 2004), accurate to about 1e-15
 * there; further out it evaluates the tail's continued fraction φ(x)/(x + 1/(x + 2/(x + …)))
 * (Abramowitz & Stegun 26.2.14), which converges fast exactly where the series loses digits.
 *
 * @example
 * ```ts
 * import { ok } from "node:assert/strict";
 * ok(Math.abs(normalCdf(-1.959963984540054) - 0.025) < 1e-15);
 * ```
 */
export function normalCdf(x: number): number {
  if (Number.isNaN(x)) return Number.NaN;
  if (x === Infinity) return 1;
  if (x === -Infinity) return 0;
  if (Math.abs(x) > 5) {
    const tail = upperTail(Math.abs(x));
    return x > 0 ? 1 - tail : tail;
  }
  let term = x;
  let sum = x;
  const square = x * x;
  for (let i = 3; i < 400; i += 2) {
    term *= square / i;
    const next = sum + term;
    if (next === sum) break;
    sum = next;
  }
  return 0.5 + sum * density(x);
}

/** The standard normal density φ(x). */
export function density(x: number): number {
  return Math.exp(-0.5 * x * x) / Math.sqrt(2 * Math.PI);
}

/** 1 − Φ(x) for x > 5, by the continued fraction evaluated from its 60th level up. */
function upperTail(x: number): number {
  let fraction = 0;
  for (let k = 60; k >= 1; k--) fraction = k / (x + fraction);
  return density(x) / (x + fraction);
}

// Wichura's AS 241 (PPND16), Applied Statistics 37(3), 1988: about 1e-16 relative accuracy.
const A = [
  3.387132872796366608,
  133.14166789178437745,
  1971.5909503065514427,
  13731.693765509461125,
  45921.953931549871457,
  67265.770927008700853,
  33430.575583588128105,
  2509.0809287301226727,
];
const B = [
  1,
  42.313330701600911252,
  687.1870074920579083,
  5394.1960214247511077,
  21213.794301586595867,
  39307.89580009271061,
  28729.085735721942674,
  5226.495278852854561,
];
const C = [
  1.42343711074968357734,
  4.6303378461565452959,
  5.7694972214606914055,
  3.64784832476320460504,
  1.27045825245236838258,
  0.24178072517745061177,
  0.0227238449892691845833,
  7.7454501427834140764e-4,
];
const D = [
  1,
  2.05319162663775882187,
  1.6763848301838038494,
  0.68976733498510000455,
  0.14810397642748007459,
  0.0151986665636164571966,
  5.475938084995344946e-4,
  1.05075007164441684324e-9,
];
const E = [
  6.6579046435011037772,
  5.4637849111641143699,
  1.7848265399172913358,
  0.29656057182850489123,
  0.026532189526576123093,
  0.0012426609473880784386,
  2.71155556874348757815e-5,
  2.01033439929228813265e-7,
];
const F = [
  1,
  0.59983220655588793769,
  0.13692988092273580531,
  0.0148753612908506148525,
  7.868691311456132591e-4,
  1.8463183175100546818e-5,
  1.4215117583164458887e-7,
  2.04426310338993978564e-15,
];

/**
 * The standard normal quantile Φ⁻¹(p), by Wichura's algorithm AS 241.
 *
 * @example
 * ```ts
 * import { ok } from "node:assert/strict";
 * ok(Math.abs(normalQuantile(0.99) - 2.326347874040841) < 1e-14);
 * ```
 */
export function normalQuantile(p: number): number {
  if (!(p >= 0 && p <= 1)) return Number.NaN;
  if (p === 0) return -Infinity;
  if (p === 1) return Infinity;
  const q = p - 0.5;
  if (Math.abs(q) <= 0.425) {
    const r = 0.180625 - q * q;
    return q * polynomial(A, r) / polynomial(B, r);
  }
  let r = Math.sqrt(-Math.log(q < 0 ? p : 1 - p));
  let value: number;
  if (r <= 5) {
    r -= 1.6;
    value = polynomial(C, r) / polynomial(D, r);
  } else {
    r -= 5;
    value = polynomial(E, r) / polynomial(F, r);
  }
  return q < 0 ? -value : value;
}

/** Σ coefficients[i]·xⁱ, by Horner's rule. */
function polynomial(coefficients: readonly number[], x: number): number {
  let sum = 0;
  for (let i = coefficients.length - 1; i >= 0; i--) sum = sum * x + coefficients[i];
  return sum;
}
