import { and, eq, gte, isNull, lte, sql } from "drizzle-orm";
import { getOrCreate } from "../../lib/base/collections";
import { DAY_MS } from "../../lib/base/time";
import { attributeLoad } from "../../lib/rules/attribution";
import type { ShownSuggestion } from "../../lib/rules/suggestion-rules";
import type { FeedbackEvent } from "../../lib/vocab/feedback-events";
import type { Db, Dialect, Tables } from "../client";
import { greatest, inTransaction, isPostgres, utcDayOf } from "../dialect";
import { preparedSelect, statement } from "../hot/compiled";
import { forgetCachedRows, sqliteReadCache } from "../hot/sqlite-read-cache";

const insertRow = statement((db, p) => {
  const { suggestions } = db.jev.t;
  return db
    .insert(suggestions)
    .values({ decisionId: p("decisionId"), at: p("at"), sessionId: p("sessionId"), skill: p("skill"), reportsLoads: p("reportsLoads") } as never);
});

/** Rule 2's per-day counts grow by what is inserted: the ON CONFLICT of every write to suggestion_days. */
export function addToSuggestionDays(db: Db) {
  const { suggestionDays: d } = db.jev.t;
  return { target: [d.skill, d.day], set: suggestionDaysOnConflict(d, db.jev.dialect) };
}

/** Its SET expressions, for a statement built before any handle exists (the decision log's, db/queries/decision-batch.ts). */
export function suggestionDaysOnConflict(d: Tables["suggestionDays"], dialect: Dialect = "postgres") {
  return {
    suggestions: sql`${d.suggestions} + excluded.suggestions`,
    loads: sql`${d.loads} + excluded.loads`,
    lastAt: greatest(dialect, d.lastAt, sql`excluded.last_at`),
  };
}

const bumpDay = statement((db, p) =>
  db
    .insert(db.jev.t.suggestionDays)
    .values({ skill: p("skill"), day: p("day"), suggestions: p("suggestions"), loads: p("loads"), lastAt: p("at") } as never)
    .onConflictDoUpdate(addToSuggestionDays(db)),
);

/** Count one suggestion (and whether it was loaded) in rule 2's per-day aggregate of its skill. */
function bumpSuggestionDay(db: Db, skill: string, at: number, loads: number, suggestionsAdded: number) {
  return bumpDay(db, dayBump(skill, at, loads, suggestionsAdded));
}

const dayBump = (skill: string, at: number, loads: number, suggestionsAdded: number) => ({
  skill,
  day: Math.floor(at / DAY_MS),
  suggestions: suggestionsAdded,
  loads,
  at,
});

type SuggestionRow = { decisionId: number | null; at: number; sessionId: string | null; skill: string; reportsLoads: boolean };

/**
 * Runs on every decision that suggests a skill (inside the decision's
 * transaction). A suggestion to a client that reports loads also counts in
 * suggestion_days.
 */
export async function insertSuggestion(db: Db, row: SuggestionRow): Promise<void> {
  if (!isPostgres(db)) return insertSuggestionOnSqlite(db, row);
  await insertRow(db, row);
  if (row.reportsLoads) await bumpSuggestionDay(db, row.skill, row.at, 0, 1);
}

/** The same on SQLite, in the caller's turn. */
export function insertSuggestionOnSqlite(db: Db, row: SuggestionRow): void {
  insertRow.onSqlite(db)(row);
  if (row.reportsLoads) bumpDay.onSqlite(db)(dayBump(row.skill, row.at, 0, 1));
}

/**
 * Suggestions since `since` made to clients that report loads, per skill,
 * oldest first: the history rule 2 reads. Silence is not a rejection, so a
 * client that never reports loads adds nothing here.
 */
export async function shownHistorySince(db: Db, since: number): Promise<Map<string, ShownSuggestion[]>> {
  const { suggestions } = db.jev.t;
  const rows = await db
    .select({ skill: suggestions.skill, at: suggestions.at, loadedAt: suggestions.loadedAt })
    .from(suggestions)
    .where(and(gte(suggestions.at, since), eq(suggestions.reportsLoads, true)))
    .orderBy(suggestions.at);
  const bySkill = new Map<string, ShownSuggestion[]>();
  for (const r of rows) {
    getOrCreate(bySkill, r.skill, () => []).push({ at: r.at, loaded: r.loadedAt !== null });
  }
  return bySkill;
}

const reportsOfSession = preparedSelect((db, p) => {
  const { feedback } = db.jev.t;
  return db
    .selectDistinct({ skill: feedback.skill, event: feedback.event })
    .from(feedback)
    .where(eq(feedback.sessionId, p("sessionId") as string));
});

/** What a session has reported: the skills it loaded (rule 1), and whether it reports at all. */
export interface SessionReports {
  loaded: string[];
  reportsLoads: boolean;
}

/** A session's reports, read afresh. */
export async function sessionReports(db: Db, sessionId: string): Promise<SessionReports> {
  return reportsOf(await reportsOfSession(db, { sessionId }));
}

/**
 * The same on every served turn that names a session: on SQLite read in the
 * caller's turn and kept while nothing changed the feedback table
 * (sqlite-read-cache.ts; its writers below forget what they change).
 */
export function sessionReportsOnHotPath(db: Db, sessionId: string, turnBegan?: number): SessionReports | Promise<SessionReports> {
  if (isPostgres(db)) return sessionReports(db, sessionId);
  return sqliteReadCache<SessionReports>(db, "feedback").get(sessionId, () => reportsOf(reportsOfSession.onSqlite(db)({ sessionId })), turnBegan);
}

function reportsOf(rows: readonly { skill: string; event: string }[]): SessionReports {
  return { loaded: rows.filter((r) => r.event === "loaded").map((r) => r.skill), reportsLoads: rows.length > 0 };
}

/** The skills suggested to a session so far (domain entry hints come once per session). */
export async function sessionSuggested(db: Db, sessionId: string): Promise<string[]> {
  const { suggestions } = db.jev.t;
  const rows = await db.selectDistinct({ skill: suggestions.skill }).from(suggestions).where(eq(suggestions.sessionId, sessionId));
  return rows.map((r) => r.skill);
}

/**
 * Record an agent's report. The session now counts as one that reports
 * loads, its earlier suggestions included. A load marks the latest
 * not-yet-loaded suggestion of that skill in that session shown within the
 * attribution window before it. Returns whether a suggestion was attributed.
 */
export function recordFeedback(db: Db, event: { sessionId: string; skill: string; event: FeedbackEvent; at: number }, attributionMs: number): Promise<boolean> {
  const { decisions, feedback, suggestions, suggestionDays: d } = db.jev.t;
  return inTransaction(db, async (tx) => {
    await tx.insert(feedback).values(event);
    forgetCachedRows(tx, "feedback", event.sessionId); // not kept while the transaction is open, so it cannot come back before the commit
    // The session's earlier suggestions start counting for rule 2 now: add them to the per-day aggregate first.
    const day = utcDayOf(suggestions.at);
    const earlier = tx
      .select({
        skill: suggestions.skill,
        day: sql`${day}`.as("day"),
        suggestions: sql`count(*)`.as("n"),
        loads: sql`count(${suggestions.loadedAt})`.as("loads"),
        lastAt: sql`max(${suggestions.at})`.as("last_at"),
      })
      .from(suggestions)
      .where(and(eq(suggestions.sessionId, event.sessionId), eq(suggestions.reportsLoads, false)))
      .groupBy(suggestions.skill, day);
    await tx
      .insert(d)
      .select(earlier as never)
      .onConflictDoUpdate(addToSuggestionDays(tx));
    await tx
      .update(suggestions)
      .set({ reportsLoads: true })
      .where(and(eq(suggestions.sessionId, event.sessionId), eq(suggestions.reportsLoads, false)));
    await tx
      .update(decisions)
      .set({ reportsLoads: true })
      .where(and(eq(decisions.sessionId, event.sessionId), eq(decisions.reportsLoads, false)));
    if (event.event !== "loaded") return false;
    // The rule itself (which suggestion takes the load) is lib/rules' attributeLoad, shared with the replay;
    // the query only narrows to this session's not-yet-loaded suggestions of the skill up to the load.
    const candidates = (
      await tx
        .select({ id: suggestions.id, at: suggestions.at })
        .from(suggestions)
        .where(
          and(
            eq(suggestions.sessionId, event.sessionId),
            eq(suggestions.skill, event.skill),
            isNull(suggestions.loadedAt),
            gte(suggestions.at, event.at - attributionMs),
            lte(suggestions.at, event.at),
          ),
        )
    ).map((r) => ({ ...r, loaded: false }));
    const match = attributeLoad(candidates, event.at, attributionMs);
    if (!match) return false;
    await tx.update(suggestions).set({ loadedAt: event.at }).where(eq(suggestions.id, match.id));
    await bumpSuggestionDay(tx, event.skill, match.at, 1, 0); // the session reports loads (flipped above)
    return true;
  });
}
