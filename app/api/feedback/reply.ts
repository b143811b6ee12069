import { readJson } from "@/lib/http/handle";
import { jsonReply } from "@/lib/http/json-reply";
import type { RouteHandler } from "@/lib/http/route-table";
import { recordAgentFeedback } from "@/lib/services/feedback";
import { FeedbackBody } from "./schema";

/** POST /api/feedback: an agent says whether it loaded a suggested skill (rule 2 learns from it). */
export const feedbackReply: RouteHandler = async (request, _params, ctx) => {
  const body = await readJson(request, FeedbackBody);
  await recordAgentFeedback(ctx, { sessionId: body.session_id, skill: body.skill, event: body.event, at: body.at ? Date.parse(body.at) : undefined });
  return jsonReply({ ok: true });
};
