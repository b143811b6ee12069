import { z } from "zod";

/** Reply of `GET /api/health`. */
export const HealthReply = z.looseObject({
  ok: z.literal(true),
  db: z.enum(["sqlite", "postgres"]),
  skills: z.number().int().min(0),
  index: z.enum(["ready", "building", "none"]).optional(),
  /** The local judge's sentence encoder: while it is not `ready`, the lexical judge answers alone. */
  encoder: z.enum(["ready", "building", "loading", "failed", "off"]).optional(),
  warnings: z.array(z.string()).optional(),
});
