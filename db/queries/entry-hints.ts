import { and, count, eq, gte, inArray, sql } from "drizzle-orm";
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
 * partial index of hinted decisions, one time range per kind of hint; each
 * finds its suggestion row by the session index (same session, skill and
 * time), not by scanning.
 */
export async function entryHintCounts(db: Db, since: number): Promise<EntryHintCount[]> {
  const { decisions: d, suggestions: s } = db.jev.t;
  const rows = await db
    .select({ via: d.suggestedVia, skill: d.suggestedSkill, hints: count(), loads: count(s.loadedAt) })
    .from(d)
    .leftJoin(s, and(sql`${s.sessionId} IS NOT DISTINCT FROM ${d.sessionId}`, eq(s.skill, d.suggestedSkill), eq(s.at, d.at), eq(s.decisionId, d.id)))
    .where(and(inArray(d.suggestedVia, [...SUGGESTION_VIAS]), gte(d.at, since)))
    .groupBy(d.suggestedVia, d.suggestedSkill);
  return rows as EntryHintCount[];
}
