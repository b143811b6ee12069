import { parseWith } from "@/lib/http/handle";
import { jsonReply } from "@/lib/http/json-reply";
import { searchParamsOf } from "@/lib/http/query";
import type { RouteHandler } from "@/lib/http/route-table";
import { decisionPage } from "@/lib/services/decisions";
import { DecisionListQuery } from "./schema";

/** GET /api/decisions: one page of decisions, newest first; follow `next_cursor` for the next. */
export const decisionsReply: RouteHandler = async (request, _params, ctx) => {
  const { decisions, next_cursor } = await decisionPage(ctx, parseWith(DecisionListQuery, searchParamsOf(request)));
  return jsonReply({ decisions, next_cursor });
};
