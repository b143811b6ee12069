export * from "./decision-rollups";
export * from "./decisions";
export * from "./import-keys";
export * from "./job-leases";
export * from "./replay-runs";
export * from "./settings";
export * from "./suggestions";
export * from "./usage-events";
