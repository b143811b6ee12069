// The routing area's door: the verbs the edges (app/, cli/, server/) call. Helpers sit in internal/.
export * from "./route-one-turn";
