import { liveCtx, type ServiceCtx } from "../services/context";
import type { ApiRequest } from "./api-request";
import { requireToken } from "./handle";
import { type RouteReply, replying } from "./json-reply";

export const API_METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE"] as const;
export type ApiMethod = (typeof API_METHODS)[number];

export type RouteParams = Readonly<Record<string, string>>;

/** Every route body has this shape: the request, its decoded `[param]`s, and the context its token opened. */
export type RouteHandler = (request: ApiRequest, params: RouteParams, ctx: ServiceCtx) => Promise<RouteReply>;

export interface ApiRoute {
  /** As the app folder spells it: `[param]` matches one segment. */
  path: string;
  handlers: Partial<Record<ApiMethod, RouteHandler>>;
  /** Answered without the token (liveness). */
  open?: true;
  /** Served by the front door straight from Node, past Next.js (the agents' per-turn POSTs; server/direct-routes). */
  direct?: true;
}

export interface RouteMatch {
  route: ApiRoute;
  params: Record<string, string>;
}

/**
 * The one list of `/api` routes and the one matcher: Next's route files, the
 * front door's 404/405 and its direct routes all read it. Static segments
 * win over `[param]` (`/api/decisions/summary` is not decision "summary").
 */
export class RouteTable {
  readonly #compiled: { route: ApiRoute; segments: string[]; params: number }[];

  constructor(readonly routes: readonly ApiRoute[]) {
    this.#compiled = routes.map((route) => {
      const segments = route.path.split("/").filter(Boolean);
      return { route, segments, params: segments.filter((s) => s.startsWith("[")).length };
    });
  }

  /** The route decoded path segments name (no empty ones), with its params; null when none does. */
  match(segments: readonly string[]): RouteMatch | null {
    let best: (RouteMatch & { rank: number }) | null = null;
    for (const { route, segments: pattern, params: rank } of this.#compiled) {
      if (pattern.length !== segments.length || (best && rank >= best.rank)) continue;
      const params: Record<string, string> = Object.create(null);
      const fits = pattern.every((p, i) => {
        if (!p.startsWith("[")) return p === segments[i];
        params[p.slice(1, -1)] = segments[i];
        return segments[i] !== "";
      });
      if (fits) best = { route, params, rank };
    }
    return best && { route: best.route, params: best.params };
  }

  /** The route at `path` exactly as the table spells it (route files look themselves up by it). */
  at(path: string): ApiRoute {
    const route = this.routes.find((r) => r.path === path);
    if (!route) throw new Error(`no API route ${path} in the table`);
    return route;
  }
}

/** The methods a route answers. */
export const methodsOf = (route: ApiRoute): ApiMethod[] => API_METHODS.filter((m) => route.handlers[m]);

/** The `Allow` header of a route: its methods, HEAD with GET, and OPTIONS (Next.js answers both itself). */
export function allowHeader(route: ApiRoute): string {
  const allow = new Set<string>([...methodsOf(route), "OPTIONS"]);
  if (allow.has("GET")) allow.add("HEAD");
  return [...allow].sort().join(", ");
}

/** Run a route's handler for `method`: the token first (unless the route is open), then the body; anything thrown becomes its envelope. */
export function serveRoute(route: ApiRoute, method: ApiMethod, request: ApiRequest, params: RouteParams): Promise<RouteReply> {
  return replying(async () => {
    const handler = route.handlers[method];
    if (!handler) throw new Error(`${route.path} has no ${method} handler`);
    const ctx = route.open ? liveCtx() : await requireToken(request);
    return handler(request, params, ctx);
  });
}
