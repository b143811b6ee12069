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

/** Thresholds on the judge's [0, 1] scale. */
export const THRESHOLDS = {
  /** Below this best stage-1 score nothing fits: the turn ends after stage 1. */
  stageOneFloor: 0.05,
  /** Finalists whose match is below this are not shown at all; none left = rejection. */
  minShownMatch: 0.05,
  /** The agent loads the first skill at or above this. */
  load: 0.5,
  /**
   * Below the load line a reply lists a finalist (a shortlist entry the agent's model may pick from) when the turn's
   * `needs_skill` is at least `offerNeeds` or the finalist's match at least `offerMatch`; else a no-skill turn gets an
   * empty list. Chosen by bench/offer-line.ts: the best list recall with shortlists on at most 15% of no-skill turns.
   */
  offerNeeds: 0.7,
  offerMatch: 0.3,
} as const;

/** Selector-only skills removed before ranking (configurable with JEV_META_SKILLS). */
export const DEFAULT_META_SKILLS = ["using-superpowers"] as const;
