// The doctor area's door: the verbs the edges (app/, cli/, server/) call. Helpers sit in internal/.
export * from "./server-facts";
