import { z } from "zod";
import { DecisionOutcome, DecisionStatus, ReasonCode, UNKNOWN_REASON } from "@/lib/vocab/reason-codes";

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** A UTC day (`to` inclusive) or an ISO-8601 instant. */
export const instant = z.string().refine((v) => (DAY.test(v) || v.includes("T")) && !Number.isNaN(Date.parse(v)), "expected YYYY-MM-DD or an ISO-8601 time");

/** The filters the decision routes share (interfaces.md). */
export const DecisionFilters = z.object({
  from: instant.optional(),
  to: instant.optional(),
  status: DecisionStatus.optional(),
  outcome: DecisionOutcome.optional(),
  reason: z.union([ReasonCode, z.literal(UNKNOWN_REASON)]).optional(),
});

/** The query string as one value per key (a repeated key keeps its first value). */
export function searchParamsOf(request: Request): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of new URL(request.url).searchParams) if (!(k in out)) out[k] = v;
  return out;
}
