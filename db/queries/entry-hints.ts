import { SUGGESTION_VIAS, type SuggestionVia } from "../../lib/vocab/suggestion-via";
import type { Db } from "../client";

/** How often one skill was hinted by the domain-entry step over a window, and how often that hint was loaded. */
export interface EntryHintCount {
  via: SuggestionVia;
  skill: string;
  hints: number;
  loads: number;
}

/**
 * Domain entry hints since `since` (epoch ms), per how and skill. Walks the
 * partial index of hinted decisions, one time range per kind of hint; each finds its suggestion row by the
 * session index (same session, skill and time), not by scanning.
 */
export function entryHintCounts(db: Db, since: number): EntryHintCount[] {
  return db.$client
    .prepare(
      `SELECT d.suggested_via AS via, d.suggested_skill AS skill, count(*) AS hints, count(s.loaded_at) AS loads
       FROM decisions d INDEXED BY decisions_via_at_idx
       LEFT JOIN suggestions s ON s.session_id IS d.session_id AND s.skill = d.suggested_skill AND s.at = d.at AND s.decision_id = d.id
       WHERE d.suggested_via IN (${SUGGESTION_VIAS.map(() => "?").join(", ")}) AND d.at >= ?
       GROUP BY d.suggested_via, d.suggested_skill`,
    )
    .all(...SUGGESTION_VIAS, since) as EntryHintCount[];
}
