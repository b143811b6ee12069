import type { RouteHandler } from "@/lib/http/route-table";
import { apiDocument } from "../contract";

// copy-local: the document is made from this module copy's own schemas, the same in every copy; made on first ask.
let documentText: string | null = null;

/** GET /api/openapi.json: the HTTP API's OpenAPI 3.1 document. It takes the token like every route but health (interfaces.md); `jev openapi` needs none. */
export const openApiReply: RouteHandler = async () => {
  documentText ??= JSON.stringify(apiDocument());
  return { status: 200, body: documentText };
};
