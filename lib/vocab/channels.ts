/** Where a decision was asked from (the decision log's `channel`): the HTTP API, or `jev pick-skill`. */
export const DECISION_CHANNELS = ["api", "cli"] as const;
export type DecisionChannel = (typeof DECISION_CHANNELS)[number];
