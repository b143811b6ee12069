import type { z } from "zod";
import { DecisionFilters } from "../query";

/** Query of `GET /api/decisions/summary`: dates are UTC days (to inclusive) or ISO instants. */
export const SummaryQuery = DecisionFilters;
export type SummaryQuery = z.infer<typeof SummaryQuery>;
