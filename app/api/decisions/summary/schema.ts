import { z } from "zod";
import { DecisionStatus, ReasonCode, UNKNOWN_REASON } from "@/lib/vocab/reason-codes";

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const instant = z
  .string()
  .refine((v) => (DAY.test(v) || v.includes("T")) && !Number.isNaN(Date.parse(v)), "expected YYYY-MM-DD or an ISO-8601 time");

/** Query of `GET /api/decisions/summary`: dates are UTC days (to inclusive) or ISO instants. */
export const SummaryQuery = z.object({
  from: instant.optional(),
  to: instant.optional(),
  status: DecisionStatus.optional(),
  reason: z.union([ReasonCode, z.literal(UNKNOWN_REASON)]).optional(),
});
export type SummaryQuery = z.infer<typeof SummaryQuery>;
