import { getDb } from "@/db/client";
import { handle, readJson, requireToken } from "@/lib/http/handle";
import { recordFeedbackService } from "@/lib/services/record-feedback";
import { FeedbackBody } from "./schema";

export async function POST(request: Request) {
  return handle(async () => {
    await requireToken(request);
    const body = await readJson(request, FeedbackBody);
    await recordFeedbackService(getDb(), { sessionId: body.session_id, skill: body.skill, event: body.event, at: body.at ? Date.parse(body.at) : undefined });
    return Response.json({ ok: true });
  });
}
