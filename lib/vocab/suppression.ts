/** A skill's standing under rule 2: shown as usual, suppressed until its retry, or in its retry (shown once, then suppressed again). */
export const SUPPRESSION_STATES = ["shown", "suppressed", "retrying"] as const;
export type SuppressionStateName = (typeof SUPPRESSION_STATES)[number];
