import { z } from "zod";

/** Reply of `GET /api/doctor`: what `jev doctor` reads of the running server. */
export const DoctorReply = z.looseObject({
  skills: z.number().int().min(0),
  roots: z.array(z.string()),
  lookedIn: z.array(z.string()),
  overBudget: z.boolean(),
  judge: z.looseObject({ kind: z.string(), description: z.string() }),
  agents: z.array(z.looseObject({ agent: z.string().nullable(), turns: z.number().int(), lastAt: z.number().nullable() })),
  leftOutRoots: z.array(z.looseObject({})),
});
