export * from "./decisions";
export * from "./settings";
export * from "./suggestions";
