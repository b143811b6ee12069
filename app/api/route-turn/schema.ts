import { z } from "zod";

/** Body of `POST /api/route-turn`: the turn to route. Unknown keys are ignored for forward compatibility. */
export const RouteTurnBody = z.object({
  turn: z.string().max(100_000),
  session_id: z.string().min(1).max(256).optional(),
});

/** Reply of `POST /api/route-turn`: the tier, the judge's answers, and where they came from. */
export const RouteTurnReply = z.looseObject({
  status: z.enum(["ok", "fail_open"]),
  tier: z.string().optional(),
  answers: z.record(z.string(), z.number()).optional(),
  source: z.string().optional(),
  reason: z.string().optional(),
  latency_ms: z.number().optional(),
});
