import { parseWith } from "@/lib/http/handle";
import { jsonReply } from "@/lib/http/json-reply";
import { searchParamsOf } from "@/lib/http/query";
import type { RouteHandler } from "@/lib/http/route-table";
import { parseRules } from "@/lib/rules/rules-file";
import { suppressionView } from "@/lib/services/rules";
import { SuppressionQuery } from "./schema";

/** GET /api/suppression: every skill shown in rule 2's window, its state, counts and next retry; `?rules=` for a what-if that changes nothing. */
export const suppressionReply: RouteHandler = async (request, _params, ctx) => {
  const query = parseWith(SuppressionQuery, searchParamsOf(request));
  return jsonReply(await suppressionView(ctx, { rules: query.rules ? parseRules(query.rules) : undefined }));
};
