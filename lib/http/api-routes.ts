/**
 * Every `/api` route and the methods it answers: the one list the front door
 * (server/front-door) uses to answer unknown paths (404) and wrong methods
 * (405 with `Allow`) before Next.js sees them. `app/api/**\/route.ts` must
 * export exactly these methods (checked by api-routes.test.ts).
 */
export const API_METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE"] as const;
export type ApiMethod = (typeof API_METHODS)[number];

export interface ApiRoute {
  /** Path as the app folder spells it: `[param]` matches one segment. */
  path: string;
  methods: readonly ApiMethod[];
}

export const API_ROUTES: readonly ApiRoute[] = [
  { path: "/api/health", methods: ["GET"] },
  { path: "/api/doctor", methods: ["GET"] },
  { path: "/api/pick-skill", methods: ["POST"] },
  { path: "/api/route-turn", methods: ["POST"] },
  { path: "/api/feedback", methods: ["POST"] },
  { path: "/api/decisions", methods: ["GET"] },
  { path: "/api/decisions/summary", methods: ["GET"] },
  { path: "/api/decisions/[id]", methods: ["GET"] },
  { path: "/api/replay", methods: ["GET", "POST"] },
  { path: "/api/replay/log", methods: ["GET"] },
  { path: "/api/replay/[id]", methods: ["GET"] },
  { path: "/api/suppression", methods: ["GET"] },
  { path: "/api/skills", methods: ["GET"] },
  { path: "/api/skills/[name]/usage", methods: ["POST"] },
  { path: "/api/curator/[action]", methods: ["POST"] },
];

const split = (p: string) => p.split("/").filter(Boolean);
const compiled = API_ROUTES.map((route) => ({ route, segments: split(route.path) }));

/**
 * The route a decoded path names, static segments winning over `[param]`
 * (`/api/decisions/summary` is not decision "summary"). Null when none does.
 */
export function matchApiRoute(segments: readonly string[]): ApiRoute | null {
  let best: { route: ApiRoute; params: number } | null = null;
  for (const { route, segments: pattern } of compiled) {
    if (pattern.length !== segments.length) continue;
    let params = 0;
    let ok = true;
    for (let i = 0; i < pattern.length && ok; i++) {
      if (pattern[i].startsWith("[")) params++;
      else ok = pattern[i] === segments[i];
    }
    if (ok && (!best || params < best.params)) best = { route, params };
  }
  return best?.route ?? null;
}

/** The `Allow` header of a route: its methods, HEAD with GET, and OPTIONS (Next.js answers both itself). */
export function allowHeader(route: ApiRoute): string {
  const allow = new Set<string>([...route.methods, "OPTIONS"]);
  if (allow.has("GET")) allow.add("HEAD");
  return [...allow].sort().join(", ");
}
