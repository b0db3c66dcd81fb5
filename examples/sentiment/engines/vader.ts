/**
 * A sentiment engine on VADER (the `vader-sentiment` npm package, a port of Hutto & Gilbert,
 * ICWSM 2014): a sentence is positive when its compound score reaches 0.05.
 *
 * @module
 */
import vader from "vader-sentiment";
import { type Polarity, textOf } from "./_shared.ts";

// The package ships no types; this is the one call and the one field the engine relies on.
interface VaderModule {
  SentimentIntensityAnalyzer: { polarity_scores(text: string): { compound: number } };
}

const analyzer = (vader as VaderModule).SentimentIntensityAnalyzer;

/** VADER's documented cut-off for a positive compound score. */
export const POSITIVE_THRESHOLD = 0.05;

/** Classifies `vars.text` as `positive` (VADER compound at least 0.05) or `negative`. */
// Async although nothing is awaited: a bad input then rejects, as a module target's failure should.
// deno-lint-ignore require-await
export async function classify(vars: { text: string }): Promise<Polarity> {
  // VADER's own scheme has a neutral band (-0.05, 0.05); this data set has no neutral label, so
  // the band is folded into negative, mirroring the AFINN engine's treatment of a zero score.
  return analyzer.polarity_scores(textOf(vars)).compound >= POSITIVE_THRESHOLD
    ? "positive"
    : "negative";
}
