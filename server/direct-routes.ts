import type http from "node:http";
import { feedbackReply } from "../app/api/feedback/reply";
import { pickSkillReply } from "../app/api/pick-skill/reply";
import { usageReply } from "../app/api/skills/[name]/usage/reply";
import type { ApiRequest } from "../lib/http/api-request";
import { decodeSegments, pathOf } from "../lib/http/front-door";
import type { JsonReply } from "../lib/http/json-reply";

/**
 * The agent-facing routes, served straight from Node instead of through
 * Next.js: every agent turn asks pick-skill, and may send a usage bump or a
 * load. Next's request machinery (routing, tracing, async storage) cost about
 * 2 ms of CPU per request here, more than the work itself (bench/http.ts,
 * bench/curator.ts). The handler is the route's own body (the `reply.ts`
 * beside its `route.ts`), so `app/api` stays the one definition; only the
 * dispatch is different, and the request is read from Node as it is, not
 * made into a web Request and back (lib/http/api-request). This
 * bundle is a second copy of the modules Next.js loads, so every cache the
 * hot path keeps (catalog, judge, index, term caches, the log's queue) lives
 * on globalThis (`processWide`) and exists once per process
 * (lib/services/decisions/pick-module-copies.test.ts). `npm run dev` skips
 * this, so the routes hot-reload.
 */
type RouteHandler = (request: ApiRequest, params: Readonly<Record<string, string>>) => Promise<JsonReply>;

const DIRECT_ROUTES: readonly { method: string; path: string; handler: RouteHandler }[] = [
  { method: "POST", path: "/api/pick-skill", handler: pickSkillReply },
  { method: "POST", path: "/api/feedback", handler: feedbackReply },
  { method: "POST", path: "/api/skills/[name]/usage", handler: usageReply },
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

/** Node's request as route bodies read it: headers from the raw list (repeats joined as web Headers join them), the body as it streams in. */
export function fromNodeRequest(req: http.IncomingMessage): ApiRequest {
  return {
    header(name) {
      const raw = req.rawHeaders;
      let value: string | null = null;
      for (let i = 0; i < raw.length; i += 2) {
        if (raw[i].length !== name.length || raw[i].toLowerCase() !== name) continue;
        value = value === null ? raw[i + 1] : `${value}, ${raw[i + 1]}`;
      }
      return value;
    },
    readBody: (take) => readNodeBody(req, take),
  };
}

/**
 * Node's request body pushed to `take` (see ApiRequest.readBody). Stopping
 * destroys the request, as leaving an async iterator over it does; a
 * request that closes before its end rejects.
 */
function readNodeBody(req: http.IncomingMessage, take: (chunk: Uint8Array) => boolean): Promise<void> {
  return new Promise((resolve, reject) => {
    if (req.readableEnded) return resolve(); // read already: nothing more will come
    const detach = () => {
      req.off("data", onData);
      req.off("end", onEnd);
      req.off("error", onError);
      req.off("close", onClose);
    };
    const onData = (chunk: Buffer) => {
      if (take(chunk)) return;
      detach();
      req.destroy();
      resolve();
    };
    const onEnd = () => {
      detach();
      resolve();
    };
    const onError = (err: Error) => {
      detach();
      reject(err);
    };
    const onClose = () => onError(new Error("the request closed before its body ended"));
    req.on("data", onData);
    req.on("end", onEnd);
    req.on("error", onError);
    req.on("close", onClose);
  });
}

/** Run the route and write its reply. */
export async function serveDirect(req: http.IncomingMessage, match: DirectMatch, res: http.ServerResponse): Promise<void> {
  const reply = await match.handler(fromNodeRequest(req), match.params);
  const headers: Record<string, string | number> = { "content-type": "application/json", "content-length": Buffer.byteLength(reply.body) };
  // A reply sent before the body was read to its end (a 413, a 401) ends the connection, as Next.js does:
  // the unread rest would otherwise be parsed as the next request on it. The front door's lingering close drains it.
  if (!req.complete) headers.connection = "close";
  res.writeHead(reply.status, headers);
  res.end(reply.body);
}
