import { z } from "zod";
import { MAX_PAGE } from "@/lib/services/decisions";
import { DecisionFilters } from "./query";

/** Query of `GET /api/decisions` (interfaces.md): filters, an opaque cursor and a page size. */
export const DecisionListQuery = DecisionFilters.omit({ status: true }).extend({
  skill: z.string().min(1).max(256).optional(),
  session: z.string().min(1).max(256).optional(),
  cursor: z.string().min(1).max(64).optional(),
  limit: z.coerce.number().int().min(1).max(MAX_PAGE).optional(),
});
