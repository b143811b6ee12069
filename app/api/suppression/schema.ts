import { z } from "zod";
import { Instant } from "../envelopes";

export const SuppressionQuery = z.object({ rules: z.string().max(10_000).optional() });

/** Reply of `GET /api/suppression`: every skill shown in rule 2's window, its state, counts and next retry. */
export const SuppressionReply = z.looseObject({
  at: Instant,
  rules: z.looseObject({}),
  skills: z.array(
    z.looseObject({
      skill: z.string(),
      state: z.string(),
      suggestions: z.number().int(),
      loads: z.number().int(),
      load_ratio: z.number().nullable(),
      last_shown: Instant.nullable(),
      retry_at: Instant.nullable(),
    }),
  ),
});
