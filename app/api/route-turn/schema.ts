import { z } from "zod";

/** Body of `POST /api/route-turn`: the turn to route. Unknown keys are ignored for forward compatibility. */
export const RouteTurnBody = z.object({
  turn: z.string().max(100_000),
  session_id: z.string().min(1).max(256).optional(),
});
