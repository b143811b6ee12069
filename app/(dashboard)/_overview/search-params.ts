import { z } from "zod";
import { OVERVIEW_RANGES, type OverviewRange } from "@/lib/services/overview";

const Days = z.coerce
  .number()
  .refine((n): n is OverviewRange => (OVERVIEW_RANGES as readonly number[]).includes(n))
  .catch(7);

/** The Overview's range in the URL (`?days=7|30|90`); anything else is the default week. */
export function parseOverviewDays(params: Record<string, string | string[] | undefined>): OverviewRange {
  const raw = params.days;
  return Days.parse(Array.isArray(raw) ? raw[0] : (raw ?? 7)) as OverviewRange;
}
