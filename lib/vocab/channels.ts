/** Where a decision was asked from (the decision log's `channel`): the HTTP API, `jev pick-skill`, or an MCP client's `pick_skill`. */
export const DECISION_CHANNELS = ["api", "cli", "mcp"] as const;
export type DecisionChannel = (typeof DECISION_CHANNELS)[number];
