import { z } from "zod";
import { MATCH_FEATURES, type MatchFeature, NEEDS_FEATURES, type NeedsFeature } from "./decision-features";

/** A logistic model over named features: what each feature adds to the log-odds, and the log-odds with all of them at 0. */
export interface LogisticModel<F extends string> {
  bias: number;
  weights: Record<F, number>;
}

/**
 * Whether a finalist is the right skill if the turn needs one, from its evidence (decision-features.ts).
 * `match` = the needs model's `needs_skill` × this, so `match ≥ 0.5` means more likely right than not and no match
 * exceeds `needs_skill`. Fitted by `bench/calibrate.ts`, which prints these weights and their validation.
 */
// Each finalist's match is its own (none is capped by a better-ranked one's), so the reply lists them by match
// and a tie means the same evidence. Ranking never reads these weights: only the load line, `needs_skill` and
// the shortlist's offer lines do.
const LEXICAL_RANK: LogisticModel<MatchFeature> = {
  bias: -1.735,
  weights: {
    lnBm25: 0.54,
    cosine: 1.073,
    relative: 1.057,
    margin: 2.196,
    bm25Margin: 1.236,
    lnCrowd: -0.606,
    nameShare: 0.069,
    nameCovered: 0.375,
    descriptionShare: 0.812,
    bodyShare: 0.889,
    singleTerm: -0.298,
    nameOnly: -0.194,
    knownShare: -0.498,
    lnTurnTerms: -0.011,
    codeShare: 0,
    lnCatalog: -0.205,
    dense: 0,
    denseMargin: 0,
    denseZ: 0,
    denseSquared: 0,
  },
};

/**
 * `needs_skill`: the probability that the turn needs a skill at all, from
 * turn-level evidence, fitted with each set's two classes weighing the same
 * (no set's share of skill-needing turns is a prior: the turns an agent sees
 * are taken as even odds).
 */
const LEXICAL_NEEDS: LogisticModel<NeedsFeature> = {
  bias: -1.469,
  weights: {
    lnBestBm25: 0.279,
    bestCosine: 3.619,
    bestCoverage: 2.594,
    bestBodyShare: 2.912,
    bestNameCovered: 0.845,
    bestSingleTerm: -1.374,
    knownShare: -0.458,
    codeShare: -0.229,
    bestDense: 0,
    bestDenseZ: 0,
    bestDenseSquared: 0,
  },
};

/** The two models of one judge: the lexical judge alone, or with the sentence encoder (its dense features non-zero). */
export interface DecisionModels {
  rank: LogisticModel<MatchFeature>;
  needs: LogisticModel<NeedsFeature>;
}

/**
 * The lexical judge alone: its dense features are always 0, and weigh nothing. Fitted without the plain group
 * (`bench/calibrate.ts --skip-sets=plain`): with it, it loaded more plain requests (.354 → .417) but began to load
 * a skill on one shared word ("translate good morning into Spanish" loaded whisper) and on 2 of 80 no-skill requests.
 */
export const LEXICAL_MODELS: DecisionModels = { rank: LEXICAL_RANK, needs: LEXICAL_NEEDS };

/** The rank model with the sentence encoder's features: `bench/calibrate.ts --dense --unseen`, on the same turns as the lexical one. */
const HYBRID_RANK: LogisticModel<MatchFeature> = {
  bias: -1.272,
  weights: {
    lnBm25: -0.114,
    cosine: 0.424,
    relative: 0.885,
    margin: 2.161,
    bm25Margin: 1.135,
    lnCrowd: -0.541,
    nameShare: -0.157,
    nameCovered: 0.29,
    descriptionShare: 0.141,
    bodyShare: 1.195,
    singleTerm: -0.085,
    nameOnly: 0.089,
    knownShare: -0.075,
    lnTurnTerms: 0.258,
    codeShare: 0,
    lnCatalog: -0.531,
    dense: 0.337,
    denseMargin: 2.675,
    denseZ: 0.719,
    denseSquared: 0.242,
  },
};

/** The needs model with the sentence encoder's best cosine. */
const HYBRID_NEEDS: LogisticModel<NeedsFeature> = {
  bias: -3.009,
  weights: {
    lnBestBm25: 0.285,
    bestCosine: 1.583,
    bestCoverage: 2.246,
    bestBodyShare: 2.449,
    bestNameCovered: 0.603,
    bestSingleTerm: -0.433,
    knownShare: 0.018,
    codeShare: -0.169,
    bestDense: 6.565,
    bestDenseZ: -0.539,
    bestDenseSquared: 4.952,
  },
};

/**
 * The lexical judge with jev's trained encoder (models/jev-routing-minilm-l6-int8), fitted on every group's turns whose
 * skill the encoder never saw (`bench/calibrate.ts --dense --unseen`): held out by group, mean balanced accuracy .741.
 */
export const HYBRID_MODELS: DecisionModels = { rank: HYBRID_RANK, needs: HYBRID_NEEDS };

export function logit<F extends string>(model: LogisticModel<F>, features: Record<F, number>, names: readonly F[]): number {
  let z = model.bias;
  for (const f of names) z += model.weights[f] * features[f];
  return z;
}

const sigmoid = (z: number) => 1 / (1 + Math.exp(-z));

/** The turn's `needs_skill`. */
export function needsProbability(models: DecisionModels, features: Record<NeedsFeature, number>): number {
  return sigmoid(logit(models.needs, features, NEEDS_FEATURES));
}

/** P(this finalist is the right skill | the turn needs one). */
export function rankProbability(models: DecisionModels, features: Record<MatchFeature, number>): number {
  return sigmoid(logit(models.rank, features, MATCH_FEATURES));
}

/** A finalist's `match`: P(the turn needs a skill) × P(it is the right one if so). */
export function matchProbability(rank: number, needs: number): number {
  return needs * rank;
}

/** A logistic model over exactly these features (a record keyed by an enum is exhaustive in zod 4). */
const logisticModelSchema = <F extends string>(names: readonly [F, ...F[]]): z.ZodType<LogisticModel<F>> =>
  z.object({ bias: z.number(), weights: z.record(z.enum(names), z.number()) }).strict();

/** Decision models as `bench/calibrate.ts --write` saves them: every feature weighed, none unknown. */
export const decisionModelsSchema = z.object({ rank: logisticModelSchema(MATCH_FEATURES), needs: logisticModelSchema(NEEDS_FEATURES) }).strict();
