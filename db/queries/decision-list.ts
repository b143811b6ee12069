import { and, asc, desc, eq, gte, lt, sql, type SQL } from "drizzle-orm";
import type { Db } from "../client";
import { decisionCandidates, decisions, feedback, skillRefs } from "../schema";
import { UNKNOWN_REASON, type DecisionOutcome, type ReasonCode } from "../../lib/vocab/reason-codes";

export type DecisionRow = typeof decisions.$inferSelect;

/** Position after the last row of a page: newest first, ties broken by id. */
export interface DecisionCursor {
  at: number;
  id: number;
}

export interface DecisionListFilter {
  /** Inclusive, epoch ms. */
  from: number;
  /** Exclusive, epoch ms. */
  to: number;
  outcome?: DecisionOutcome;
  reason?: ReasonCode | typeof UNKNOWN_REASON;
  /** Decisions where this skill name was a candidate (suggested or not). */
  skill?: string;
  session?: string;
  cursor?: DecisionCursor;
  limit: number;
}

function filters(f: Omit<DecisionListFilter, "cursor" | "limit">): SQL[] {
  const clauses: SQL[] = [gte(decisions.at, f.from), lt(decisions.at, f.to)];
  if (f.outcome) clauses.push(eq(decisions.outcome, f.outcome));
  if (f.reason === UNKNOWN_REASON) clauses.push(and(eq(decisions.status, "fail_open"), sql`${decisions.reasonCode} is null`)!);
  else if (f.reason) clauses.push(eq(decisions.reasonCode, f.reason));
  if (f.session) clauses.push(eq(decisions.sessionId, f.session));
  if (f.skill) {
    // Candidate rows are keyed by (decision, rank): a lookup per decision walked, no scan.
    clauses.push(sql`exists (select 1 from ${decisionCandidates} where ${decisionCandidates.decisionId} = ${decisions.id}
      and ${decisionCandidates.skillRefId} in (select ${skillRefs.id} from ${skillRefs} where ${skillRefs.name} = ${f.skill}))`);
  }
  return clauses;
}

/**
 * One page of decisions, newest first, by keyset: `(at, id) < cursor` walks
 * the `at` index (whose entries carry the id), so a page costs the same on
 * page 1 and page 10,000.
 */
export function listDecisions(db: Db, f: DecisionListFilter): { rows: DecisionRow[]; next: DecisionCursor | null } {
  const clauses = filters(f);
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
