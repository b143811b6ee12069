/** Where a decision was asked from (the decision log's `channel`): the HTTP API, `jev pick-skill`, or an MCP client's `pick_skill`. */
export const DECISION_CHANNELS = ["api", "cli", "mcp"] as const;
export type DecisionChannel = (typeof DECISION_CHANNELS)[number];

/** How the dashboard names each channel. */
export const CHANNEL_LABELS: Record<DecisionChannel, string> = { api: "HTTP API", cli: "jev pick-skill", mcp: "MCP" };

/** A stored channel's label; a value this version does not know shows as it is. */
export const channelLabel = (channel: string): string => (Object.hasOwn(CHANNEL_LABELS, channel) ? CHANNEL_LABELS[channel as DecisionChannel] : channel);
