import { z } from "zod";

/** What an agent reports about a suggested skill (`POST /api/feedback`). */
export const FEEDBACK_EVENTS = ["loaded", "rejected"] as const;
export const FeedbackEvent = z.enum(FEEDBACK_EVENTS);
export type FeedbackEvent = z.infer<typeof FeedbackEvent>;
