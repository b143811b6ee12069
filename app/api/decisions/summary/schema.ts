import { z } from "zod";
import { Instant } from "../../envelopes";
import { DecisionFilters } from "../query";

/** Query of `GET /api/decisions/summary`: dates are UTC days (to inclusive) or ISO instants. */
export const SummaryQuery = DecisionFilters;
export type SummaryQuery = z.infer<typeof SummaryQuery>;

const Counts = z.record(z.string(), z.number().int());

/** Reply of `GET /api/decisions/summary`: counts by status, outcome, reason (`unknown` included) and day. */
export const SummaryReply = z.looseObject({
  from: Instant,
  to: Instant,
  total: z.number().int(),
  byStatus: Counts,
  byOutcome: Counts,
  byReason: Counts,
  byDay: z.array(z.looseObject({ day: z.string(), status: z.string(), count: z.number().int() })),
  byDayOutcome: z.array(z.looseObject({ day: z.string(), outcome: z.string(), count: z.number().int() })),
  latencyMs: z.looseObject({ p50: z.number().nullable(), p90: z.number().nullable(), p99: z.number().nullable() }),
  judge: z.looseObject({}),
});
