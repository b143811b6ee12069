export * from "./decision-rollups";
export * from "./decisions";
export * from "./replay-runs";
export * from "./settings";
export * from "./suggestions";
