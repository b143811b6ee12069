/**
 * Turning lexical evidence into probabilities: a logistic model over three
 * features of one skill for one turn. Fitted on the five best-ranked skills of
 * every MetaTool dev case, labelled by whether the skill was expected
 * (`node bin/run-ts.mjs bench/calibrate.ts` prints the fit), so `match ≥ 0.5`
 * means "more likely the right skill than not". Ranking never depends on these
 * numbers; only the load line and the "needs a skill" score do.
 * Still the MetaTool fit (`bench/calibrate.ts --metatool-only`): refitted on
 * MetaTool plus the body development set, the weights ranked no better (needs
 * AUROC .8204 vs .8206 on MetaTool, .947 vs .946 on the held-out bodies) and
 * loaded the right skill less often (MetaTool .441 vs .451, bodies .649 vs .664).
 */
export const CALIBRATION_WEIGHTS = [1.333, 6.654, 3.789, -8.687] as const;

/** ln(1 + BM25F), char-n-gram cosine, and the skill's blend relative to the best skill. */
export function calibrationFeatures(bm25: number, cosine: number, relative: number): number[] {
  return [Math.log1p(bm25), cosine, relative];
}

/**
 * "Does this turn need a skill at all", from turn-level evidence: ln(1 + best
 * BM25F score) and the best char-n-gram cosine over the catalog (the notes'
 * strongest single signal). Fitted on MetaTool dev turns with classes weighted
 * equally, so the dev set's share of tool-needing turns is not baked in as a
 * prior; bench/calibrate.ts prints the fit.
 */
export const NEEDS_SKILL_WEIGHTS = [0.74, 13.248, -4.205] as const;

export function needsSkillProbability(bestBm25: number, bestCosine: number): number {
  const [wb, wc, bias] = NEEDS_SKILL_WEIGHTS;
  return 1 / (1 + Math.exp(-(wb * Math.log1p(bestBm25) + wc * bestCosine + bias)));
}

/** Weight of the char-n-gram cosine in the ranking blend (notes: .25). */
export const COSINE_BLEND = 0.25;

/**
 * A missed skill costs more than one needless read (selection spec preamble).
 * We take a wrong "no" as twice as costly as a wrong "yes", so loading pays
 * from P(right) ≥ 1/3; the match shifts the odds by that ratio so that
 * `match ≥ 0.5` is exactly that line.
 */
export const MISSED_SKILL_COST_RATIO = 2;

/** Calibrated P(right skill) for this evidence. */
export function rightSkillProbability(bm25: number, cosine: number, relative: number): number {
  const x = calibrationFeatures(bm25, cosine, relative);
  let z = CALIBRATION_WEIGHTS[x.length];
  for (let k = 0; k < x.length; k++) z += CALIBRATION_WEIGHTS[k] * x[k];
  return 1 / (1 + Math.exp(-z));
}

/** The reply's `match`: P(right) with its odds scaled by the cost ratio, so 0.5 means "load it". */
export function matchProbability(bm25: number, cosine: number, relative: number): number {
  const p = rightSkillProbability(bm25, cosine, relative);
  const odds = (p / (1 - p)) * MISSED_SKILL_COST_RATIO;
  return Number.isFinite(odds) ? odds / (1 + odds) : 1;
}
