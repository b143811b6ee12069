// The catalog area's door: the verbs the edges (app/, cli/, server/) call. Helpers sit in internal/.

export * from "./dense-setup";
export * from "./entry-skills";
export * from "./judge-in-use";
export * from "./left-out-roots";
export * from "./overview";
export * from "./skill-files";
export * from "./source";
export * from "./warm-judge";
