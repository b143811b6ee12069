import { JevError } from "../errors";
import { allowHeader, matchApiRoute } from "./api-routes";

/**
 * What reaches Next.js at all. Next answers some requests before any route
 * runs, and not in the API's shape: a method it cannot build a Request for
 * (TRACE, CONNECT, anything non-standard) or a path that does not
 * percent-decode is a plain-text 500; a wrong method a 405 with no body; an
 * unknown `/api` path the HTML 404 page. The front door answers those itself,
 * in the JSON envelope, from one list of routes (api-routes.ts).
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
}

/** Null when Next.js may have the request; otherwise the reply to send instead. */
export function screenRequest(method: string, rawUrl: string, headers: Readonly<Record<string, string | string[] | undefined>> = {}): Refusal | null {
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
    }
    return null;
  }

  const route = segments.some((s) => s === "." || s === "..") ? null : matchApiRoute(segments.filter(Boolean));
  if (!route) return { error: new JevError("not_found", "no such API route") };
  const allow = allowHeader(route);
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
