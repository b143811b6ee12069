import type http from "node:http";
import { Readable } from "node:stream";
import { API } from "../app/api/routes";
import type { ApiRequest } from "../lib/http/api-request";
import { decodeSegments, pathOf } from "../lib/http/front-door";
import { type ApiRoute, type RouteParams, serveRoute } from "../lib/http/route-table";

/*
 * The agent-facing routes (`direct` in app/api/routes.ts), served straight from Node instead of through Next.js:
 * every agent turn asks pick-skill, and may send a usage bump or a load. Next's request machinery cost more CPU
 * per request than the work itself (bench/http.ts). The handler is the table's own, so only the dispatch differs,
 * and the request is read from Node as it is (lib/http/api-request). This bundle is a second copy of lib/, so the
 * caches the hot path keeps are process-wide (lib/base/process-state.ts). `npm run dev` skips this.
 */

export interface DirectMatch {
  route: ApiRoute;
  params: RouteParams;
}

/** The direct route a request names, with its decoded `[param]`s; null when Next.js should have it. */
export function matchDirectRoute(method: string, rawUrl: string): DirectMatch | null {
  if (method !== "POST") return null;
  const rawPath = pathOf(rawUrl);
  const segments = rawPath === null ? null : decodeSegments(rawPath);
  const match = segments && API.match(segments);
  return match?.route.direct && match.route.handlers.POST ? match : null;
}

/** Node's request as route bodies read it: headers from the raw list (repeats joined as web Headers join them), the body as it streams in. */
export function fromNodeRequest(req: http.IncomingMessage): ApiRequest {
  return {
    url: req.url ?? "/",
    bodyStream: () => Readable.toWeb(req) as ReadableStream<Uint8Array>,
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
  const reply = await serveRoute(match.route, "POST", fromNodeRequest(req), match.params);
  if (!("body" in reply)) throw new Error(`${match.route.path}: a direct route answers JSON`);
  const headers: Record<string, string | number> = { "content-type": "application/json", "content-length": Buffer.byteLength(reply.body) };
  // A reply sent before the body was read to its end (a 413, a 401) ends the connection, as Next.js does:
  // the unread rest would otherwise be parsed as the next request on it. The front door's lingering close drains it.
  if (!req.complete) headers.connection = "close";
  res.writeHead(reply.status, headers);
  res.end(reply.body);
}
