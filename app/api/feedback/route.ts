import { handle, readJson, requireToken } from "@/lib/http/handle";
import { liveCtx } from "@/lib/services/context";
import { recordAgentFeedback } from "@/lib/services/feedback/record";
import { FeedbackBody } from "./schema";

export async function POST(request: Request) {
  return handle(async () => {
    await requireToken(request);
    const body = await readJson(request, FeedbackBody);
    await recordAgentFeedback(liveCtx(), { sessionId: body.session_id, skill: body.skill, event: body.event, at: body.at ? Date.parse(body.at) : undefined });
    return Response.json({ ok: true });
  });
}
