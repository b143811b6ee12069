import { parseWith } from "@/lib/http/handle";
import { jsonReply } from "@/lib/http/json-reply";
import type { RouteHandler } from "@/lib/http/route-table";
import { decisionDetail } from "@/lib/services/decisions";
import { DecisionId } from "./schema";

/** GET /api/decisions/[id]: one decision with every candidate, its scores and verdict. */
export const decisionReply: RouteHandler = async (_request, params, ctx) => jsonReply(await decisionDetail(ctx, parseWith(DecisionId, params)));
