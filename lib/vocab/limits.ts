/** The numbers of selection spec §4–§6, in one place. */
export const LIMITS = {
  /** Skills per stage-1 request. */
  batchSize: 120,
  /** Skills a judge that costs a request per batch is sent at most; the rest are dropped and counted. */
  catalogCap: 960,
  /** Skills stage 2 reads. */
  finalists: 5,
  /** Skills a reply carries at most. */
  maxReturned: 3,
} as const;

/**
 * When a reply lists a finalist below the load line (a shortlist entry the agent's model may pick from): when the
 * turn's `needs_skill` is at least `needs` or the finalist's own match at least `match` (and never under
 * THRESHOLDS.offerFloor). Each judge's lines are chosen by bench/offer-line.ts for its own calibration: the best list
 * recall with shortlists on at most 15% of no-skill turns.
 */
export interface OfferLines {
  needs: number;
  match: number;
}

/** Thresholds on the judge's [0, 1] scale. */
export const THRESHOLDS = {
  /** Below this best stage-1 score nothing fits: the turn ends after stage 1. */
  stageOneFloor: 0.05,
  /** Finalists whose match is below this are not shown at all; none left = rejection. */
  minShownMatch: 0.05,
  /** The agent loads the first skill at or above this. */
  load: 0.5,
  /** The shortlist's lines for a judge whose answer names none (the remote judge); the local judge's are its own. */
  offer: { needs: 0.7, match: 0.3 } as OfferLines,
  /**
   * A shortlist holds only skills worth reading: none whose match is under this, whatever the turn's needs_skill. A
   * calibrated match under 0.1 is wrong nine times in ten; on the development sets this floor cost about a point of
   * list recall and a quarter of the wrong entries (bench/offer-line.ts prints both).
   */
  offerFloor: 0.1,
} as const;

/** Selector-only skills removed before ranking (configurable with JEV_META_SKILLS). */
export const DEFAULT_META_SKILLS = ["using-superpowers"] as const;
