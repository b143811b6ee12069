import type http from "node:http";
import { Readable } from "node:stream";
import { POST as postFeedback } from "../app/api/feedback/route";
import { POST as postPickSkill } from "../app/api/pick-skill/route";
import { POST as postUsage } from "../app/api/skills/[name]/usage/route";
import { decodeSegments, pathOf } from "../lib/http/front-door";

/**
 * The agent-facing routes, served straight from Node instead of through
 * Next.js: every agent turn asks pick-skill, and may send a usage bump or a
 * load. Next's request machinery (routing, tracing, async storage) cost about
 * 2 ms of CPU per request here, more than the work itself (bench/http.ts,
 * bench/curator.ts). The handler is the route module's own export, so
 * `app/api` stays the one definition; only the dispatch is different. This
 * bundle is a second copy of the modules Next.js loads, so every cache the
 * hot path keeps (catalog, judge, index, term caches, the log's queue) lives
 * on globalThis (`processWide`) and exists once per process
 * (lib/services/decisions/pick-module-copies.test.ts). `npm run dev` skips
 * this, so the routes hot-reload.
 */
type RouteHandler = (request: Request, context: { params: Promise<Record<string, string>> }) => Promise<Response>;

const DIRECT_ROUTES: readonly { method: string; path: string; handler: RouteHandler }[] = [
  { method: "POST", path: "/api/pick-skill", handler: postPickSkill as RouteHandler },
  { method: "POST", path: "/api/feedback", handler: postFeedback as RouteHandler },
  { method: "POST", path: "/api/skills/[name]/usage", handler: postUsage as RouteHandler },
];

const compiled = DIRECT_ROUTES.map((r) => ({ ...r, segments: r.path.split("/").slice(1) }));

export interface DirectMatch {
  handler: RouteHandler;
  params: Record<string, string>;
}

/** The direct route a request names, with its decoded `[param]`s; null when Next.js should have it. */
export function matchDirectRoute(method: string, rawUrl: string): DirectMatch | null {
  if (method !== "POST") return null;
  const rawPath = pathOf(rawUrl);
  const segments = rawPath === null ? null : decodeSegments(rawPath);
  if (!segments) return null;
  for (const route of compiled) {
    if (route.method !== method || route.segments.length !== segments.length) continue;
    const params: Record<string, string> = {};
    const fits = route.segments.every((p, i) => {
      if (!p.startsWith("[")) return p === segments[i];
      params[p.slice(1, -1)] = segments[i];
      return segments[i] !== "";
    });
    if (fits) return { handler: route.handler, params };
  }
  return null;
}

/** The Node request as a web Request (the body streamed, not read), as Next.js would hand it to the route. */
export function toWebRequest(req: http.IncomingMessage): Request {
  const headers = new Headers();
  for (let i = 0; i < req.rawHeaders.length; i += 2) headers.append(req.rawHeaders[i], req.rawHeaders[i + 1]);
  const url = new URL(req.url ?? "/", `http://${headers.get("host") || "localhost"}`);
  return new Request(url, { method: req.method, headers, body: Readable.toWeb(req) as ReadableStream, duplex: "half" } as RequestInit);
}

/** Run the route and write its Response. */
export async function serveDirect(request: Request, match: DirectMatch, res: http.ServerResponse): Promise<void> {
  const response = await match.handler(request, { params: Promise.resolve(match.params) });
  const body = Buffer.from(await response.arrayBuffer());
  const headers: Record<string, string> = Object.fromEntries(response.headers);
  headers["content-length"] = String(body.length);
  // A reply sent before the body was read to its end (a 413, a 401) ends the connection, as Next.js does:
  // the unread rest would otherwise be parsed as the next request on it. The front door's lingering close drains it.
  if (!res.req.complete) headers.connection = "close";
  res.writeHead(response.status, headers);
  res.end(body);
}
