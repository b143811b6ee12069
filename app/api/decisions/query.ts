import { z } from "zod";
import { instant } from "@/lib/http/query";
import { DECISION_CHANNELS } from "@/lib/vocab/channels";
import { DecisionOutcome, DecisionStatus, ReasonCode, UNKNOWN_REASON } from "@/lib/vocab/reason-codes";

/** The filters the decision routes share (interfaces.md). */
export const DecisionFilters = z.object({
  from: instant.optional(),
  to: instant.optional(),
  status: DecisionStatus.optional(),
  outcome: DecisionOutcome.optional(),
  reason: z.union([ReasonCode, z.literal(UNKNOWN_REASON)]).optional(),
  channel: z.enum(DECISION_CHANNELS).optional(),
});
