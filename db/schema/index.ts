export * from "./decision-rollups";
export * from "./decisions";
export * from "./settings";
export * from "./suggestions";
