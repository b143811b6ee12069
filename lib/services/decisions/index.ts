// The decisions area's door: the verbs the edges (app/, cli/, server/) call. Helpers sit in internal/.
export * from "./explorer";
export * from "./export-log";
export * from "./pick";
export * from "./reliability";
export * from "./retention";
export * from "./summary";
