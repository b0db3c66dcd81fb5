import { deepStrictEqual as assertEquals, ok } from "node:assert/strict";
import { type Piece, WORD_DIFF_LIMITS, wordDiff } from "../../../core/report/word_diff.ts";

/** A side as text with its changed pieces in brackets, to read a diff at a glance. */
function marked(pieces: readonly Piece[]): string {
  return pieces.map((p) => p.changed ? `[${p.text}]` : p.text).join("");
}

Deno.test("a word diff marks only the words that differ, on each side", () => {
  const diff = wordDiff("The answer is positive today.", "The answer is negative today.");
  assertEquals(marked(diff.before), "The answer is [positive] today.");
  assertEquals(marked(diff.after), "The answer is [negative] today.");
  ok(diff.exact);
});

Deno.test("each side of a word diff reads back as its own text", () => {
  const before = "one two three, four\nfive six";
  const after = "one three, four!\nfive seven six";
  const diff = wordDiff(before, after);
  assertEquals(diff.before.map((p) => p.text).join(""), before);
  assertEquals(diff.after.map((p) => p.text).join(""), after);
  assertEquals(marked(diff.before), "one [two ]three, four\nfive six");
  assertEquals(marked(diff.after), "one three, four[!]\nfive[ seven] six");
});

Deno.test("a word diff joins the changed words of a phrase with the spaces between them", () => {
  const diff = wordDiff("it was a fine day", "it was not any good day");
  assertEquals(marked(diff.before), "it was [a fine] day");
  assertEquals(marked(diff.after), "it was [not any good] day");
});

Deno.test("equal texts have no change, and an empty side is wholly changed on the other", () => {
  assertEquals(marked(wordDiff("same words", "same words").after), "same words");
  assertEquals(marked(wordDiff("", "new words").after), "[new words]");
  assertEquals(wordDiff("", "new words").before, []);
});

Deno.test("a word diff of two long, wholly different answers stays within its bound and says it is coarse", () => {
  const words = (seed: number, n: number) =>
    Array.from({ length: n }, (_, i) => `w${(i * 7919 + seed) % 100_003}`).join(" ");
  const before = `Intro. ${words(1, 40_000)} Outro.`;
  const after = `Intro. ${words(2, 40_000)} Outro.`;
  const started = performance.now();
  const diff = wordDiff(before, after);
  const ms = performance.now() - started;
  ok(ms < 2_000, `took ${ms} ms`);
  ok(!diff.exact, "past the bound the diff says it is coarse");
  assertEquals(diff.before.map((p) => p.text).join(""), before);
  assertEquals(diff.after.map((p) => p.text).join(""), after);
  // The common start and end are still told apart from the changed middle.
  assertEquals(diff.before[0], { text: "Intro. ", changed: false });
  assertEquals(diff.after.at(-1), { text: " Outro.", changed: false });
  ok(WORD_DIFF_LIMITS.edits > 0 && WORD_DIFF_LIMITS.tokens > 0);
});

Deno.test("a long answer with one changed word is diffed exactly, quickly", () => {
  const text = Array.from({ length: 20_000 }, (_, i) => `word${i}`).join(" ");
  const changed = text.replace("word12345", "WORD");
  const started = performance.now();
  const diff = wordDiff(text, changed);
  ok(performance.now() - started < 1_000);
  ok(diff.exact);
  assertEquals(diff.before.filter((p) => p.changed).map((p) => p.text), ["word12345"]);
  assertEquals(diff.after.filter((p) => p.changed).map((p) => p.text), ["WORD"]);
});

Deno.test("word diffs that share a spent budget come back coarse, each still its own text", () => {
  const budget = { steps: 1_000 };
  const first = wordDiff("a b c d e f g", "a x c y e z g", { budget });
  ok(first.exact, "the first fits the budget");
  const spent = wordDiff("one two three four five six", "uno dos tres cuatro cinco seis", {
    budget: { steps: 5 },
  });
  ok(!spent.exact);
  assertEquals(spent.after.map((p) => p.text).join(""), "uno dos tres cuatro cinco seis");
});

Deno.test("with no budget left, a diff keeps the common start and end whole words, unsplit", () => {
  const diff = wordDiff("the cat sat on the mat", "the cap sat on a mat", { budget: { steps: 0 } });
  ok(!diff.exact);
  assertEquals(marked(diff.before), "the [cat sat on the] mat");
  assertEquals(marked(diff.after), "the [cap sat on a] mat");
});
