import { z } from "zod";
import { isLoggableInstant, LOG_YEARS_TEXT } from "@/lib/base/time";
import { FeedbackEvent } from "@/lib/vocab/feedback-events";

/** Body of `POST /api/feedback` (interfaces.md). */
export const FeedbackBody = z.object({
  session_id: z.string().min(1).max(256),
  skill: z.string().min(1).max(256),
  event: FeedbackEvent,
  at: z.iso
    .datetime({ offset: true })
    .refine((v) => isLoggableInstant(Date.parse(v)), `must be ${LOG_YEARS_TEXT}`)
    .optional(),
});
