import { MATCH_FEATURES, type MatchFeature, NEEDS_FEATURES, type NeedsFeature } from "./decision-features";

/** Weight of the char-n-gram cosine in the ranking blend (notes: .25). Ranking only; the decision reads both signals apart. */
export const COSINE_BLEND = 0.25;

/** A logistic model over named features: what each feature adds to the log-odds, and the log-odds with all of them at 0. */
export interface LogisticModel<F extends string> {
  bias: number;
  weights: Record<F, number>;
}

/**
 * `match` is the probability that a finalist is the skill to load, from two
 * questions a reader can check apart: does the turn need a skill at all
 * (NEEDS_MODEL, the reply's `needs_skill`), and is this skill the right one
 * if it does (RANK_MODEL, from the finalist's evidence: decision-features.ts).
 * MATCH_STACK weighs their log-odds into one calibrated probability, so
 * `match ≥ 0.5` means "more likely right than not" and a match of 0.7 is
 * right about 7 times in 10; no match exceeds `needs_skill`.
 * All three are fitted by `node bin/run-ts.mjs bench/calibrate.ts` on the fit
 * side of every development set (lib/eval/decision-sets.ts); it prints these
 * numbers and the grouped validation behind them. Ranking never depends on
 * them: only the load line and `needs_skill` do.
 */
export const RANK_MODEL: LogisticModel<MatchFeature> = {
  bias: -2.458,
  weights: {
    lnBm25: 0.568,
    cosine: 1.057,
    relative: 1.222,
    margin: 2.108,
    bm25Margin: 0.955,
    agreement: 0.361,
    lnCrowd: -0.54,
    nameShare: -0.122,
    nameCovered: 0.528,
    descriptionShare: 1.267,
    bodyShare: 0.421,
    singleTerm: 0.119,
    nameOnly: -0.298,
    knownShare: -0.145,
    lnTurnTerms: 0.127,
    codeShare: 0,
    lnCatalog: -0.271,
  },
};

/**
 * `needs_skill`: the probability that the turn needs a skill at all, from
 * turn-level evidence, fitted with each set's two classes weighing the same
 * (no set's share of skill-needing turns is a prior: the turns an agent sees
 * are taken as even odds).
 */
export const NEEDS_MODEL: LogisticModel<NeedsFeature> = {
  bias: -4.058,
  weights: {
    lnBestBm25: 0.924,
    bestCosine: 4.889,
    bestCoverage: 3.748,
    bestBodyShare: 1.646,
    bestNameCovered: 0.567,
    knownShare: -0.574,
    codeShare: -0.199,
  },
};

/** The weights of the two log-odds in `match`. */
export const MATCH_STACK = { needs: 0.673, rank: 0.646, bias: -1.399 };

export function logit<F extends string>(model: LogisticModel<F>, features: Record<F, number>, names: readonly F[]): number {
  let z = model.bias;
  for (const f of names) z += model.weights[f] * features[f];
  return z;
}

const sigmoid = (z: number) => 1 / (1 + Math.exp(-z));

/** The turn's `needs_skill` and its log-odds (what `match` weighs). */
export function needsOdds(features: Record<NeedsFeature, number>): { needs: number; logOdds: number } {
  const z = logit(NEEDS_MODEL, features, NEEDS_FEATURES);
  return { needs: sigmoid(z), logOdds: z };
}

/** A finalist's `match`: P(it is the skill to load), never above the turn's `needs_skill`. */
export function matchProbability(features: Record<MatchFeature, number>, turn: { needs: number; logOdds: number }): number {
  const rank = logit(RANK_MODEL, features, MATCH_FEATURES);
  return Math.min(turn.needs, sigmoid(MATCH_STACK.needs * turn.logOdds + MATCH_STACK.rank * rank + MATCH_STACK.bias));
}
