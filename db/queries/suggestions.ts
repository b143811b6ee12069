import { and, eq, gte, isNull, lte, sql } from "drizzle-orm";
import { getOrCreate } from "../../lib/collections";
import { attributeLoad } from "../../lib/rules/attribution";
import type { ShownSuggestion } from "../../lib/rules/suggestion-rules";
import type { FeedbackEvent } from "../../lib/vocab/feedback-events";
import type { Db } from "../client";
import { decisions, feedback, suggestions } from "../schema";
import { compile } from "./compiled";

const preparedInserts = new WeakMap<Db, ReturnType<typeof prepareInsert>>();

function prepareInsert(db: Db) {
  const p = (name: string) => sql.placeholder(name);
  return compile(
    db,
    db.insert(suggestions).values({ decisionId: p("decisionId"), at: p("at"), sessionId: p("sessionId"), skill: p("skill"), reportsLoads: p("reportsLoads") }),
  );
}

const DAY_MS = 86_400_000;
const preparedDayBumps = new WeakMap<Db, ReturnType<Db["$client"]["prepare"]>>();

/** Count one suggestion (and whether it was loaded) in rule 2's per-day aggregate of its skill. */
function bumpSuggestionDay(db: Db, skill: string, at: number, loads: number, suggestionsAdded: number): void {
  const upsert = getOrCreate(preparedDayBumps, db, () =>
    db.$client.prepare(
      `INSERT INTO suggestion_days (skill, day, suggestions, loads, last_at) VALUES (@skill, @day, @suggestions, @loads, @at)
       ON CONFLICT (skill, day) DO UPDATE SET suggestions = suggestions + excluded.suggestions, loads = loads + excluded.loads, last_at = max(last_at, excluded.last_at)`,
    ),
  );
  upsert.run({ skill, day: Math.floor(at / DAY_MS), suggestions: suggestionsAdded, loads, at });
}

/**
 * Prepared once per handle: this runs on every decision that suggests a skill.
 * A suggestion to a client that reports loads also counts in suggestion_days.
 */
export function insertSuggestion(db: Db, row: { decisionId: number | null; at: number; sessionId: string | null; skill: string; reportsLoads: boolean }): void {
  const insert = getOrCreate(preparedInserts, db, () => prepareInsert(db));
  insert(row);
  if (row.reportsLoads) bumpSuggestionDay(db, row.skill, row.at, 0, 1);
}

/**
 * Suggestions since `since` made to clients that report loads, per skill,
 * oldest first: the history rule 2 reads. Silence is not a rejection, so a
 * client that never reports loads adds nothing here.
 */
export function shownHistorySince(db: Db, since: number): Map<string, ShownSuggestion[]> {
  const rows = db
    .select({ skill: suggestions.skill, at: suggestions.at, loadedAt: suggestions.loadedAt })
    .from(suggestions)
    .where(and(gte(suggestions.at, since), eq(suggestions.reportsLoads, true)))
    .orderBy(suggestions.at)
    .all();
  const bySkill = new Map<string, ShownSuggestion[]>();
  for (const r of rows) {
    getOrCreate(bySkill, r.skill, () => []).push({ at: r.at, loaded: r.loadedAt !== null });
  }
  return bySkill;
}

const preparedReports = new WeakMap<Db, ReturnType<typeof prepareReports>>();
function prepareReports(db: Db) {
  return db
    .selectDistinct({ skill: feedback.skill, event: feedback.event })
    .from(feedback)
    .where(eq(feedback.sessionId, sql.placeholder("sessionId")))
    .prepare();
}

/** What a session has reported: the skills it loaded (rule 1), and whether it reports at all. */
export function sessionReports(db: Db, sessionId: string): { loaded: string[]; reportsLoads: boolean } {
  // Prepared once per handle: this runs on every request that names a session.
  const query = getOrCreate(preparedReports, db, () => prepareReports(db));
  const rows = query.all({ sessionId });
  return { loaded: rows.filter((r) => r.event === "loaded").map((r) => r.skill), reportsLoads: rows.length > 0 };
}

const preparedSessionSuggested = new WeakMap<Db, ReturnType<typeof prepareSessionSuggested>>();
function prepareSessionSuggested(db: Db) {
  return db
    .selectDistinct({ skill: suggestions.skill })
    .from(suggestions)
    .where(eq(suggestions.sessionId, sql.placeholder("sessionId")))
    .prepare();
}

/** The skills suggested to a session so far (domain entry hints come once per session). */
export function sessionSuggested(db: Db, sessionId: string): string[] {
  const query = getOrCreate(preparedSessionSuggested, db, () => prepareSessionSuggested(db));
  return query.all({ sessionId }).map((r) => r.skill);
}

/**
 * Record an agent's report. The session now counts as one that reports
 * loads, its earlier suggestions included. A load marks the latest
 * not-yet-loaded suggestion of that skill in that session shown within the
 * attribution window before it. Returns whether a suggestion was attributed.
 */
export function recordFeedback(db: Db, event: { sessionId: string; skill: string; event: FeedbackEvent; at: number }, attributionMs: number): boolean {
  return db.transaction((tx) => {
    tx.insert(feedback).values(event).run();
    // The session's earlier suggestions start counting for rule 2 now: add them to the per-day aggregate first.
    db.$client
      .prepare(
        `INSERT INTO suggestion_days (skill, day, suggestions, loads, last_at)
         SELECT skill, at / ${DAY_MS}, count(*), count(loaded_at), max(at) FROM suggestions WHERE session_id = ? AND reports_loads = 0 GROUP BY skill, at / ${DAY_MS}
         ON CONFLICT (skill, day) DO UPDATE SET suggestions = suggestions + excluded.suggestions, loads = loads + excluded.loads, last_at = max(last_at, excluded.last_at)`,
      )
      .run(event.sessionId);
    tx.update(suggestions)
      .set({ reportsLoads: true })
      .where(and(eq(suggestions.sessionId, event.sessionId), eq(suggestions.reportsLoads, false)))
      .run();
    tx.update(decisions)
      .set({ reportsLoads: true })
      .where(and(eq(decisions.sessionId, event.sessionId), eq(decisions.reportsLoads, false)))
      .run();
    if (event.event !== "loaded") return false;
    // The rule itself (which suggestion takes the load) is lib/rules' attributeLoad, shared with the replay;
    // the query only narrows to this session's not-yet-loaded suggestions of the skill up to the load.
    const candidates = tx
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
      .all()
      .map((r) => ({ ...r, loaded: false }));
    const match = attributeLoad(candidates, event.at, attributionMs);
    if (!match) return false;
    tx.update(suggestions).set({ loadedAt: event.at }).where(eq(suggestions.id, match.id)).run();
    bumpSuggestionDay(db, event.skill, match.at, 1, 0); // same connection, same transaction; the session reports loads (flipped above)
    return true;
  });
}
