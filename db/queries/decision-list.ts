import { and, asc, desc, eq, sql } from "drizzle-orm";
import type { Db } from "../client";
import { decisions, feedback } from "../schema";
import { type DecisionFilter, decisionWhere } from "./decision-filters";

export type DecisionRow = typeof decisions.$inferSelect;

/** Position after the last row of a page: newest first, ties broken by id. */
export interface DecisionCursor {
  at: number;
  id: number;
}

export interface DecisionListFilter extends DecisionFilter {
  cursor?: DecisionCursor;
  limit: number;
}

/**
 * One page of decisions, newest first, by keyset: `(at, id) < cursor` walks
 * the `at` index (whose entries carry the id), so a page costs the same on
 * page 1 and page 10,000.
 */
export function listDecisions(db: Db, f: DecisionListFilter): { rows: DecisionRow[]; next: DecisionCursor | null } {
  // The cursor tightens the range's upper bound (SQLite seeks the index on one bound), then breaks ties by id.
  const to = f.cursor ? Math.min(f.to, f.cursor.at + 1) : f.to;
  const clauses = [decisionWhere({ ...f, to })];
  if (f.cursor) clauses.push(sql`(${decisions.at}, ${decisions.id}) < (${f.cursor.at}, ${f.cursor.id})`);
  const rows = db
    .select()
    .from(decisions)
    .where(and(...clauses))
    .orderBy(desc(decisions.at), desc(decisions.id))
    .limit(f.limit + 1)
    .all();
  const page = rows.slice(0, f.limit);
  const last = page.at(-1);
  return { rows: page, next: rows.length > f.limit && last ? { at: last.at, id: last.id } : null };
}

export function getDecisionRow(db: Db, id: number): DecisionRow | undefined {
  return db.select().from(decisions).where(eq(decisions.id, id)).get();
}

/** A session's decisions in the order they were made (at most `limit`). */
export function sessionDecisions(db: Db, sessionId: string, limit: number): DecisionRow[] {
  return db.select().from(decisions).where(eq(decisions.sessionId, sessionId)).orderBy(asc(decisions.at), asc(decisions.id)).limit(limit).all();
}

/** What a session's agent reported (loads and rejections), oldest first. */
export function sessionFeedback(db: Db, sessionId: string, limit: number) {
  return db
    .select({ at: feedback.at, skill: feedback.skill, event: feedback.event })
    .from(feedback)
    .where(eq(feedback.sessionId, sessionId))
    .orderBy(asc(feedback.at), asc(feedback.id))
    .limit(limit)
    .all();
}
