import { parseWith } from "@/lib/http/handle";
import { jsonReply } from "@/lib/http/json-reply";
import { searchParamsOf } from "@/lib/http/query";
import type { RouteHandler } from "@/lib/http/route-table";
import { decisionSummary } from "@/lib/services/decisions";
import { SummaryQuery } from "./schema";

/** GET /api/decisions/summary: the decision log's counts over a window. */
export const decisionSummaryReply: RouteHandler = async (request, _params, ctx) =>
  jsonReply(await decisionSummary(ctx, parseWith(SummaryQuery, searchParamsOf(request))));
