import { and, asc, desc, eq, sql } from "drizzle-orm";
import { HOUR_MS } from "../../lib/base/time";
import type { Db } from "../client";
import type { decisions } from "../schema";
import { type DecisionFilter, decisionWhere, skillHoursIn, withSkillRefs } from "./decision-filters";

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
export async function listDecisions(db: Db, filter: DecisionListFilter): Promise<{ rows: DecisionRow[]; next: DecisionCursor | null }> {
  const { decisions } = db.jev.t;
  const f = await withSkillRefs(db, filter);
  // The cursor tightens the range's upper bound (SQLite seeks the index on one bound), then breaks ties by id.
  const to = f.cursor ? Math.min(f.to, f.cursor.at + 1) : f.to;
  const rows: DecisionRow[] = [];
  // A skill filter walks only the hours in which the skill was ranked, newest first, until the page is full.
  const windows = f.skill
    ? (await skillHoursIn(db, f.skillRefIds ?? [], f.from, to)).map((h) => [Math.max(f.from, h), Math.min(to, h + HOUR_MS)])
    : [[f.from, to]];
  for (const [from, until] of windows) {
    const clauses = [decisionWhere(db, { ...f, from, to: until })];
    if (f.cursor) clauses.push(sql`(${decisions.at}, ${decisions.id}) < (${f.cursor.at}, ${f.cursor.id})`);
    rows.push(
      ...(await db
        .select()
        .from(decisions)
        .where(and(...clauses))
        .orderBy(desc(decisions.at), desc(decisions.id))
        .limit(f.limit + 1 - rows.length)),
    );
    if (rows.length > f.limit) break;
  }
  const page = rows.slice(0, f.limit);
  const last = page.at(-1);
  return { rows: page, next: rows.length > f.limit && last ? { at: last.at, id: last.id } : null };
}

export async function getDecisionRow(db: Db, id: number): Promise<DecisionRow | undefined> {
  const { decisions } = db.jev.t;
  return (await db.select().from(decisions).where(eq(decisions.id, id)).limit(1))[0];
}

/** A session's decisions in the order they were made (at most `limit`). */
export async function sessionDecisions(db: Db, sessionId: string, limit: number): Promise<DecisionRow[]> {
  const { decisions } = db.jev.t;
  return db.select().from(decisions).where(eq(decisions.sessionId, sessionId)).orderBy(asc(decisions.at), asc(decisions.id)).limit(limit);
}

/** What a session's agent reported (loads and rejections), oldest first. */
export async function sessionFeedback(db: Db, sessionId: string, limit: number) {
  const { feedback } = db.jev.t;
  return db
    .select({ at: feedback.at, skill: feedback.skill, event: feedback.event })
    .from(feedback)
    .where(eq(feedback.sessionId, sessionId))
    .orderBy(asc(feedback.at), asc(feedback.id))
    .limit(limit);
}
