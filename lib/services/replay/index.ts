// The replay area's door: the verbs the edges (app/, cli/, server/) call. Helpers sit in internal/.
export * from "./runs";
export * from "./start";
export * from "./upload";
export * from "./upload-files";
