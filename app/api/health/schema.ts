import { z } from "zod";

/** Reply of `GET /api/health`. */
export const HealthReply = z.looseObject({
  ok: z.literal(true),
  db: z.enum(["sqlite", "postgres"]),
  skills: z.number().int().min(0),
  index: z.enum(["ready", "building", "none"]).optional(),
  warnings: z.array(z.string()).optional(),
});
