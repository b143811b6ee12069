import { JevError } from "../base/errors";
import { type AllowedHosts, isAllowedHost } from "./allowed-hosts";
import { allowHeader, type RouteTable } from "./route-table";

/**
 * What reaches Next.js at all. Next answers some requests before any route runs, and not in the API's shape: a method
 * it cannot build a Request for (TRACE, CONNECT, anything non-standard) or a path that does not percent-decode is a
 * plain-text 500; a wrong method a 405 with no body; an unknown `/api` path the HTML 404 page. The front door answers
 * those itself, in the JSON envelope, from the one route table (app/api/routes.ts).
 */

/** Methods Next.js can build a Request for; anything else never reaches it. */
const NEXT_METHODS = new Set(["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]);
/** What pages accept: reads, and POST for server actions (which the dashboard sends with a `next-action` header). */
const PAGE_ALLOW = "GET, HEAD, POST";
const PAGE_READ_ALLOW = "GET, HEAD";

export interface Refusal {
  error: JevError;
  /** The `Allow` header of a 405. */
  allow?: string;
  /** Answer with a short HTML page instead of the JSON envelope (a page request, not an API one). */
  page?: boolean;
}

/**
 * The largest dashboard change (a server action's body): the Replay page's 1 MiB upload pieces with their form around
 * them (smaller pieces, less held in memory per request while Next.js parses them). Next.js enforces the same limit
 * (`serverActions.bodySizeLimit` in next.config.mjs) but answers past it with a 500.
 */
export const ACTION_BODY_LIMIT_BYTES = 2 * 1024 * 1024;

type Headers = Readonly<Record<string, string | string[] | undefined>>;
const one = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v);

/** Null when the server answers for the request's `Host:`; otherwise a 421 (JSON on `/api`, a short page elsewhere). */
export function screenHost(rawUrl: string, headers: Headers, allowed: AllowedHosts): Refusal | null {
  if (isAllowedHost(one(headers.host), allowed)) return null;
  const path = pathOf(rawUrl) ?? "";
  return {
    error: new JevError("misdirected_request", "this server does not answer for that host name; add it to JEV_ALLOWED_HOSTS if it is yours"),
    page: !(path === "/api" || path.startsWith("/api/")),
  };
}

/**
 * A server action (a dashboard change) is refused before Next.js reads it
 * when another site's page sent it (its Origin is not this host, or the
 * browser says it is cross-site: Next would answer with a 500), or when its
 * size is unknown or over the limit (Next would read it, then answer a 500).
 */
function screenAction(headers: Headers): Refusal | null {
  const origin = one(headers.origin);
  const site = one(headers["sec-fetch-site"]);
  if ((origin !== undefined && !sameOrigin(origin, one(headers.host))) || site === "cross-site" || site === "same-site")
    return { error: new JevError("forbidden", "a change sent from another site's page is refused") };
  if (headers["transfer-encoding"] !== undefined || headers["content-length"] === undefined)
    return { error: new JevError("length_required", "a dashboard change needs a Content-Length") };
  if (Number(one(headers["content-length"])) > ACTION_BODY_LIMIT_BYTES)
    return { error: new JevError("payload_too_large", `a dashboard change over ${ACTION_BODY_LIMIT_BYTES} bytes is refused`) };
  return null;
}

/** Whether an Origin header names the same scheme-less host (name and port) the request was sent to. */
function sameOrigin(origin: string, host: string | undefined): boolean {
  if (!host) return false;
  try {
    const url = new URL(origin);
    return (url.protocol === "http:" || url.protocol === "https:") && url.host === host.trim().toLowerCase();
  } catch {
    return false; // "null" (a sandboxed frame, a file) or garbage
  }
}

/** Null when Next.js may have the request; otherwise the reply to send instead. */
export function screenRequest(routes: RouteTable, method: string, rawUrl: string, headers: Headers = {}): Refusal | null {
  const rawPath = pathOf(rawUrl);
  if (rawPath === null) return { error: new JevError("bad_request", "path: must start with /", "path") };
  const segments = decodeSegments(rawPath);
  if (segments === null) return { error: new JevError("bad_request", "path: not valid percent-encoding (UTF-8)", "path") };
  const isApi = rawPath === "/api" || rawPath.startsWith("/api/");
  if (!isApi) {
    if (!NEXT_METHODS.has(method)) return notAllowed(method, PAGE_ALLOW);
    // A POST that is not a server action call would reach Next's form-action parser, which answers a malformed body with a 500.
    if (method === "POST") {
      const action = headers["next-action"];
      if (!action) return notAllowed(method, PAGE_READ_ALLOW);
      // Next.js action ids are hex; anything else would only be echoed into its error log.
      if (typeof action !== "string" || !/^[0-9a-f]{40,128}$/.test(action))
        return { error: new JevError("bad_request", "next-action: not a server action id", "next-action") };
      return screenAction(headers);
    }
    return null;
  }

  // Another site's page may send a request to a local server (MCP's Streamable HTTP asks servers to check this): no
  // client of the API is a page of another origin, and jev sends no CORS headers for one to read the answer anyway.
  const origin = one(headers.origin);
  if (origin !== undefined && !sameOrigin(origin, one(headers.host)))
    return { error: new JevError("forbidden", "a request sent from another site's page is refused (its Origin is not this server)") };
  const match = segments.some((s) => s === "." || s === "..") ? null : routes.match(segments.filter(Boolean));
  if (!match) return { error: new JevError("not_found", "no such API route") };
  const allow = allowHeader(match.route);
  return allow.split(", ").includes(method) ? null : notAllowed(method, allow);
}

function notAllowed(method: string, allow: string): Refusal {
  // The method is echoed only when it is a plain token: it comes from the client.
  const shown = /^[A-Z-]{1,16}$/.test(method) ? method : "this method";
  return { error: new JevError("method_not_allowed", `${shown} is not allowed here; allowed: ${allow}`), allow };
}

/** The path of an origin-form target (`/a/b?q`), or null for anything else (`*`, absolute URLs). */
export function pathOf(rawUrl: string): string | null {
  if (!rawUrl.startsWith("/")) return null;
  const end = rawUrl.search(/[?#]/);
  return end === -1 ? rawUrl : rawUrl.slice(0, end);
}

/** Each segment percent-decoded, or null when one is not valid UTF-8 percent-encoding. */
export function decodeSegments(rawPath: string): string[] | null {
  const out: string[] = [];
  for (const raw of rawPath.split("/").slice(1)) {
    if (!raw.includes("%")) {
      out.push(raw);
      continue;
    }
    try {
      out.push(decodeURIComponent(raw));
    } catch {
      return null;
    }
  }
  return out;
}
