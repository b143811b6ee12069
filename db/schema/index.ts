export * from "./decisions";
export * from "./settings";
