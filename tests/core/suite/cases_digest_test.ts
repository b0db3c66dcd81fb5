import { deepStrictEqual as assertEquals, notDeepStrictEqual } from "node:assert/strict";
import { shortDigest } from "../../../core/digest.ts";
import type { Case } from "../../../core/suite/case.ts";
import { casesDigest } from "../../../core/suite/suite.ts";
import { seededRandom } from "../../../bench/_seeded_random.ts";

// The property: hashing a case at a time gives the digest of the whole sorted array, so every
// stored cases_digest (and merge's check that shards are of one suite) reads as before.

function wholeDigest(cases: readonly Case[]): string {
  const sorted = [...cases].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  return shortDigest(JSON.parse(JSON.stringify(sorted)));
}

function randomCase(random: () => number, index: number): Case {
  const pick = <T>(values: T[]): T => values[Math.floor(random() * values.length)];
  const text = pick(["plain", "ünïcödé 🦀", 'quote " and \\ slash', "line\nbreak", ""]);
  return {
    id: `case-${Math.floor(random() * 1e6)}-${index}`,
    kind: pick(["normal", "canary", "calibration"] as const),
    vars: { b: text, a: { nested: [1, 2.5, -0, null, true, { z: text, y: [] }] } },
    ...(random() < 0.5 ? { expected: pick([text, { k: 1 }, [1, "2"], 3]) } : {}),
    ...(random() < 0.3 ? { group: pick(["g1", "g2"]) } : {}),
    ...(random() < 0.3 ? { label: pick(["positive", "negative"]) } : {}),
  } as Case;
}

Deno.test("a suite's cases digest is the digest of its sorted cases as one array", () => {
  const random = seededRandom(17);
  // 3,000 cases span several of the pieces casesDigest hashes at a time.
  for (const size of [0, 1, 2, 5, 40, 3000]) {
    const cases = Array.from({ length: size }, (_, i) => randomCase(random, i));
    assertEquals(casesDigest(cases), wholeDigest(cases));
  }
});

Deno.test("the cases digest ignores order and sees any change to a case", () => {
  const random = seededRandom(3);
  const cases = Array.from({ length: 12 }, (_, i) => randomCase(random, i));
  assertEquals(casesDigest([...cases].reverse()), casesDigest(cases));
  const changed = cases.map((c, i) => i === 7 ? { ...c, vars: { ...c.vars, b: "other" } } : c);
  notDeepStrictEqual(casesDigest(changed), casesDigest(cases));
});

Deno.test("a case JSON would change (a date, an undefined, a NaN) digests as its copy through JSON", () => {
  const odd = [
    { id: "b", kind: "normal", vars: { when: new Date(0), gone: undefined, n: NaN, z: -0 } },
    { id: "a", kind: "normal", vars: { list: [1, undefined, Infinity] }, expected: undefined },
  ] as unknown as Case[];
  assertEquals(casesDigest(odd), wholeDigest(odd));
  const plain = JSON.parse(JSON.stringify(odd)) as Case[];
  assertEquals(casesDigest(plain), casesDigest(odd));
});
