// The curator area's door: the verbs the edges (app/, cli/, server/) call. Helpers sit in internal/.
export * from "./act";
export * from "./adopt";
export * from "./consolidate";
export * from "./consolidate-apply";
export * from "./consolidate-undo";
export * from "./home";
export * from "./overlaps";
export * from "./overview";
export * from "./pause";
export * from "./prune";
export * from "./reports";
export * from "./run";
export * from "./scheduler";
export * from "./skill-actions";
