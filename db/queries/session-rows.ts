import { and, count, eq, gte, inArray, isNull, like, lt, lte, max, ne, notLike, or, sql } from "drizzle-orm";
import { DAY_MS } from "../../lib/base/time";
import type { Db } from "../client";
import { inTransaction, utcDayOf } from "../dialect";
import { forgetCachedRows } from "../hot/sqlite-read-cache";
import { uncountDecisions } from "./decisions";

/**
 * Decisions and feedback of every session but those whose id starts with
 * `prefix` (and of none); `skipFailOpen` leaves out decisions that failed open
 * (they offered nothing: a try-it call on a home with no skills).
 */
export async function rowsOutsideSessions(db: Db, prefix: string, options: { skipFailOpen?: boolean } = {}): Promise<number> {
  const { decisions, feedback } = db.jev.t;
  const pattern = `${prefix}%`;
  const outside = or(isNull(decisions.sessionId), notLike(decisions.sessionId, pattern));
  const [d] = await db
    .select({ n: count() })
    .from(decisions)
    .where(options.skipFailOpen ? and(outside, ne(decisions.status, "fail_open")) : outside);
  const [f] = await db.select({ n: count() }).from(feedback).where(notLike(feedback.sessionId, pattern));
  return d.n + f.n;
}

/**
 * Remove every row of the sessions whose id starts with `prefix` (decisions
 * with their candidates and suggestions, feedback) and their counts in the
 * aggregates, in one transaction.
 */
export function deleteSessionRows(db: Db, prefix: string): Promise<{ decisions: number }> {
  const { decisionCandidates: c, decisions: d, feedback, skillRefs: r, suggestionDays, suggestions: s, suppressionDays: x } = db.jev.t;
  const demo = like(d.sessionId, `${prefix}%`);
  const demoSuggestion = like(s.sessionId, `${prefix}%`);
  return inTransaction(db, async (tx) => {
    const rows = await tx
      .select({
        id: d.id,
        at: d.at,
        day: d.day,
        status: d.status,
        outcome: d.outcome,
        reasonCode: d.reasonCode,
        latencyMs: d.latencyMs,
        stageOneMs: d.stageOneMs,
        stageTwoMs: d.stageTwoMs,
        requests: d.requests,
      })
      .from(d)
      .where(demo);
    await uncountDecisions(tx, rows);
    // Rule 2's per-day counts: recounted from what remains for every (skill, day) the demo touched.
    const touched = await tx
      .selectDistinct({ skill: s.skill, day: utcDayOf(s.at) })
      .from(s)
      .where(demoSuggestion);
    // Rule 2's removals per day: the demo's taken out of the counts.
    const removals = await tx
      .select({ skill: r.name, day: utcDayOf(d.at), n: count() })
      .from(c)
      .innerJoin(d, eq(d.id, c.decisionId))
      .innerJoin(r, eq(r.id, c.skillRefId))
      .where(and(demo, eq(c.verdict, "suppressed")))
      .groupBy(r.name, utcDayOf(d.at));
    for (const removal of removals)
      await tx
        .update(x)
        .set({ count: sql`${x.count} - ${removal.n}` })
        .where(and(eq(x.skill, removal.skill), eq(x.day, removal.day)));
    await tx.delete(x).where(lte(x.count, 0));
    const demoIds = tx.select({ id: d.id }).from(d).where(demo);
    await tx.delete(c).where(inArray(c.decisionId, demoIds));
    await tx.delete(s).where(demoSuggestion);
    await tx.delete(d).where(demo);
    await tx.delete(feedback).where(like(feedback.sessionId, `${prefix}%`));
    forgetCachedRows(tx, "feedback");
    for (const t of touched) {
      const [left] = await tx
        .select({ suggestions: count(), loads: count(s.loadedAt), lastAt: max(s.at) })
        .from(s)
        .where(and(eq(s.skill, t.skill), gte(s.at, t.day * DAY_MS), lt(s.at, (t.day + 1) * DAY_MS), eq(s.reportsLoads, true)));
      const day = and(eq(suggestionDays.skill, t.skill), eq(suggestionDays.day, t.day));
      if (left.suggestions === 0) await tx.delete(suggestionDays).where(day);
      else
        await tx
          .update(suggestionDays)
          .set({ suggestions: left.suggestions, loads: left.loads, lastAt: Number(left.lastAt) })
          .where(day);
    }
    return { decisions: rows.length };
  });
}

/** Whether any decision belongs to a session whose id starts with `prefix`. */
export async function hasSessionRows(db: Db, prefix: string): Promise<boolean> {
  const { decisions } = db.jev.t;
  const rows = await db
    .select({ id: decisions.id })
    .from(decisions)
    .where(like(decisions.sessionId, `${prefix}%`))
    .limit(1);
  return rows.length > 0;
}
