import { deepStrictEqual as assertEquals, ok } from "node:assert/strict";
import { benjaminiHochberg } from "../../../core/statistics/benjamini_hochberg.ts";
import { normalCdf, normalQuantile } from "../../../core/statistics/normal.ts";
import { wilsonInterval } from "../../../core/statistics/wilson.ts";

function near(actual: number, expected: number, relative: number): void {
  ok(
    Math.abs(actual - expected) <= relative * Math.abs(expected),
    `${actual} is not within ${relative} of ${expected}`,
  );
}

// Reference values: R's pnorm/qnorm (which use Cody's erfc and AS 241), to the digits printed.
Deno.test("the normal distribution function matches reference values across its range", () => {
  near(normalCdf(0), 0.5, 1e-15);
  near(normalCdf(1), 0.8413447460685429, 1e-14);
  near(normalCdf(-1.959963984540054), 0.025, 1e-13);
  near(normalCdf(-2.326347874040841), 0.01, 1e-13);
  near(normalCdf(-5), 2.866515718791939e-7, 1e-9);
  near(normalCdf(-8), 6.220960574271785e-16, 1e-9);
  near(normalCdf(-20), 2.753624118606233e-89, 1e-9);
  assertEquals([normalCdf(Infinity), normalCdf(-Infinity)], [1, 0]);
});

Deno.test("the normal quantile matches reference values and inverts the distribution", () => {
  near(normalQuantile(0.975), 1.959963984540054, 1e-15);
  near(normalQuantile(0.99), 2.326347874040841, 1e-15);
  near(normalQuantile(0.9), 1.2815515655446004, 1e-15);
  near(normalQuantile(1e-10), -6.361340902404056, 1e-14);
  near(normalQuantile(1e-300), -37.0471, 1e-5);
  for (const p of [1e-12, 0.001, 0.2, 0.5, 0.7, 0.999]) near(normalCdf(normalQuantile(p)), p, 1e-9);
  assertEquals([normalQuantile(0), normalQuantile(1)], [-Infinity, Infinity]);
  ok(Number.isNaN(normalQuantile(1.5)));
});

Deno.test("the Wilson interval matches the published worked values and stays in [0, 1]", () => {
  // Newcombe (1998), Statistics in Medicine 17, table I: 81/263 → 0.2553 to 0.3662.
  const a = wilsonInterval(81, 263);
  near(a.low, 0.2553, 2e-4);
  near(a.high, 0.3662, 2e-4);
  // 15/148 → 0.0624 to 0.1605; 0/20 → 0 to 0.1611.
  near(wilsonInterval(15, 148).low, 0.0624, 2e-3);
  near(wilsonInterval(0, 20).high, 0.1611, 2e-3);
  assertEquals(wilsonInterval(0, 20).low, 0);
  assertEquals(wilsonInterval(20, 20).high, 1);
});

Deno.test("Benjamini-Hochberg steps up from the largest rank that clears its line", () => {
  // Every p-value at or below the largest qualifying one is significant, even one above its line.
  assertEquals(benjaminiHochberg([0.03, 0.011, 0.04], { q: 0.05 }), [true, true, true]);
  assertEquals(benjaminiHochberg([0.02, 0.9], { q: 0.05 }), [true, false]);
  assertEquals(benjaminiHochberg([0.03, 0.9], { q: 0.05 }), [false, false]);
  assertEquals(benjaminiHochberg([], { q: 0.05 }), []);
});
