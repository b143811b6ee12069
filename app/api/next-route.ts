import { fromWebRequest } from "@/lib/http/api-request";
import { toResponse } from "@/lib/http/json-reply";
import { type ApiMethod, methodsOf, serveRoute } from "@/lib/http/route-table";
import { API } from "./routes";

type NextHandler = (request: Request, context?: { params: Promise<Record<string, string>> }) => Promise<Response>;

/**
 * A route file's exports: one Next.js handler per method the table gives `path` (`export const { GET } = nextRoute(…)`).
 * Typed as every method so a file destructures what it answers; routes.test.ts checks each file takes exactly the table's.
 */
export function nextRoute(path: string): Record<ApiMethod, NextHandler> {
  const route = API.at(path);
  const handlers: Partial<Record<ApiMethod, NextHandler>> = {};
  for (const method of methodsOf(route)) {
    handlers[method] = async (request, context) =>
      toResponse(await serveRoute(route, method, fromWebRequest(request), context ? await context.params : Object.create(null)));
  }
  return handlers as Record<ApiMethod, NextHandler>;
}
