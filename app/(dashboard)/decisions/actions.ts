"use server";

import { getDb } from "@/db/client";
import { decisionSummary } from "@/lib/services/decision-summary";
import { DecisionsView } from "./search-params";

/** The dashboard's read path: same service as GET /api/decisions/summary, no API token in the browser. */
export async function loadDecisionSummary(view: unknown) {
  return decisionSummary(getDb(), DecisionsView.parse(view));
}
