import { z } from "zod";
import { FeedbackEvent } from "@/lib/vocab/feedback-events";
import { ReportedAt, SessionId, SkillName } from "@/lib/vocab/request-fields";

/** Body of `POST /api/feedback` (interfaces.md); MCP's `report_load` takes the same fields. */
export const FeedbackBody = z.object({
  session_id: SessionId,
  skill: SkillName,
  event: FeedbackEvent,
  at: ReportedAt.optional(),
});
