"use server";

import { getDb } from "@/db/client";
import { decisionSummary } from "@/lib/services/decision-summary";
import { DecisionsView } from "./search-params";

/** The dashboard's read path: same service as GET /api/decisions/summary, no API token in the browser. */
export async function loadDecisionSummary(view: unknown) {
  try {
    return decisionSummary(getDb(), DecisionsView.parse(view));
  } catch (err) {
    // Next would log the raw error (it may name files or SQL); keep the log bounded.
    console.error(`[jev] decision summary failed (${err instanceof Error ? err.name : typeof err})`);
    throw new Error("could not load decisions");
  }
}
