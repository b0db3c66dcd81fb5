/**
 * A sentiment engine on the AFINN-165 word list (the `sentiment` npm package): a sentence is
 * positive when the summed valence of its words is above zero.
 *
 * @module
 */
import Sentiment from "sentiment";
import { type Polarity, textOf } from "./_shared.ts";

// The package ships no types; this is the one call and the one field the engine relies on.
interface AfinnAnalyzer {
  analyze(phrase: string): { score: number };
}

const analyzer: AfinnAnalyzer = new Sentiment();

/** Classifies `vars.text` as `positive` (AFINN score above 0) or `negative`. */
// Async although nothing is awaited: a bad input then rejects, as a module target's failure should.
// deno-lint-ignore require-await
export async function classify(vars: { text: string }): Promise<Polarity> {
  // Zero counts as negative: the data set has no neutral sentences, and a sentence with no
  // word in the list has shown no evidence of being positive.
  return analyzer.analyze(textOf(vars)).score > 0 ? "positive" : "negative";
}
