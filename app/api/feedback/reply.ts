import type { AnyRequest } from "@/lib/http/api-request";
import { readJson, requireToken } from "@/lib/http/handle";
import { type JsonReply, jsonReply, replying } from "@/lib/http/json-reply";
import { liveCtx } from "@/lib/services/context";
import { recordAgentFeedback } from "@/lib/services/feedback/record";
import { FeedbackBody } from "./schema";

/** POST /api/feedback: the route's one definition, served by Next.js (route.ts) and by the front door (server/direct-routes). */
export function feedbackReply(request: AnyRequest): Promise<JsonReply> {
  return replying(async () => {
    await requireToken(request);
    const body = await readJson(request, FeedbackBody);
    await recordAgentFeedback(liveCtx(), { sessionId: body.session_id, skill: body.skill, event: body.event, at: body.at ? Date.parse(body.at) : undefined });
    return jsonReply({ ok: true });
  });
}
