/** A skill's standing under rule 2: shown as usual, suppressed until its retry, or in its retry (shown once, then suppressed again). */
export const SUPPRESSION_STATES = ["shown", "suppressed", "retrying"] as const;
export type SuppressionStateName = (typeof SUPPRESSION_STATES)[number];

/** How the Suppression page may order its rows. */
export const SUPPRESSION_SORTS = ["suggestions", "ratio", "last_shown", "skill"] as const;
export type SuppressionSort = (typeof SUPPRESSION_SORTS)[number];
