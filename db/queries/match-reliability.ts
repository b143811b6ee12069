import { and, eq, gte, isNotNull, isNull, lt, sql } from "drizzle-orm";
import { MATCH_BUCKETS } from "../../lib/vocab/match-buckets";
import type { Db } from "../client";

/** Suggestions of one match bucket: how many were shown to clients that report loads, and how many of them were loaded. */
export interface LoadsByMatchRow {
  from: number;
  to: number;
  shown: number;
  loaded: number;
}

/**
 * The agents' own reliability table over [from, to): the judge's suggestions (not domain entry hints, whose match is
 * not the judge's) shown to clients that report loads, by the suggestion's match bucket, and how many were loaded.
 * Silence is not a rejection, so a client that never reports loads adds nothing. One row of sums: each bucket a CASE,
 * on either database.
 */
export async function loadsByMatch(db: Db, range: { from: number; to: number }): Promise<LoadsByMatchRow[]> {
  const { decisions, suggestions } = db.jev.t;
  const m = decisions.suggestedMatch;
  const inBucket = (k: number) => {
    const { from, to } = MATCH_BUCKETS[k];
    // The last bucket is closed: a match of 1.0 is in it.
    return k === MATCH_BUCKETS.length - 1 ? sql`${m} >= ${from}` : sql`${m} >= ${from} and ${m} < ${to}`;
  };
  const columns: Record<string, ReturnType<typeof sql<number>>> = Object.create(null);
  MATCH_BUCKETS.forEach((_, k) => {
    columns[`shown${k}`] = sql<number>`sum(case when ${inBucket(k)} then 1 else 0 end)`.mapWith(Number);
    columns[`loaded${k}`] = sql<number>`sum(case when ${inBucket(k)} and ${suggestions.loadedAt} is not null then 1 else 0 end)`.mapWith(Number);
  });
  const [row] = await db
    .select(columns)
    .from(suggestions)
    .innerJoin(decisions, eq(decisions.id, suggestions.decisionId))
    .where(
      and(gte(suggestions.at, range.from), lt(suggestions.at, range.to), eq(suggestions.reportsLoads, true), isNull(decisions.suggestedVia), isNotNull(m)),
    );
  return MATCH_BUCKETS.map(({ from, to }, k) => ({ from, to, shown: Number(row?.[`shown${k}`] ?? 0), loaded: Number(row?.[`loaded${k}`] ?? 0) }));
}
