// The rules area's door: the verbs the edges (app/, cli/, server/) call. Helpers sit in internal/.
export * from "./agent-switches";
export * from "./rule-settings";
export * from "./suppression";
export * from "./suppression-page";
