import { and, desc, eq, gte, isNull, lte, sql } from "drizzle-orm";
import type { Db } from "../client";
import { feedback, suggestions } from "../schema";
import type { ShownSuggestion } from "../../lib/rules/suggestion-rules";
import type { FeedbackEvent } from "../../lib/vocab/feedback-events";

const preparedInserts = new WeakMap<Db, ReturnType<typeof prepareInsert>>();

function prepareInsert(db: Db) {
  const p = (name: string) => sql.placeholder(name);
  return db.insert(suggestions).values({ decisionId: p("decisionId"), at: p("at"), sessionId: p("sessionId"), skill: p("skill") }).prepare();
}

/** Prepared once per handle: this runs on most decisions. */
export function insertSuggestions(db: Db, rows: { decisionId: number; at: number; sessionId: string | null; skill: string }[]): void {
  if (rows.length === 0) return;
  let insert = preparedInserts.get(db);
  if (!insert) preparedInserts.set(db, (insert = prepareInsert(db)));
  for (const row of rows) insert.run(row);
}

/** Shown suggestions since `since`, per skill, oldest first: the history rule 2 reads. */
export function shownHistorySince(db: Db, since: number): Map<string, ShownSuggestion[]> {
  const rows = db
    .select({ skill: suggestions.skill, at: suggestions.at, loadedAt: suggestions.loadedAt })
    .from(suggestions)
    .where(gte(suggestions.at, since))
    .orderBy(suggestions.at)
    .all();
  const bySkill = new Map<string, ShownSuggestion[]>();
  for (const r of rows) {
    let list = bySkill.get(r.skill);
    if (!list) bySkill.set(r.skill, (list = []));
    list.push({ at: r.at, loaded: r.loadedAt !== null });
  }
  return bySkill;
}

/** Skills this session reported as loaded (rule 1). */
export function loadedInSession(db: Db, sessionId: string): string[] {
  return db
    .selectDistinct({ skill: feedback.skill })
    .from(feedback)
    .where(and(eq(feedback.sessionId, sessionId), eq(feedback.event, "loaded")))
    .all()
    .map((r) => r.skill);
}

/**
 * Record an agent's report. A load marks the latest not-yet-loaded suggestion of
 * that skill in that session shown within the attribution window before it.
 * Returns whether a suggestion was attributed.
 */
export function recordFeedback(
  db: Db,
  event: { sessionId: string; skill: string; event: FeedbackEvent; at: number },
  attributionMs: number,
): boolean {
  return db.transaction((tx) => {
    tx.insert(feedback).values(event).run();
    if (event.event !== "loaded") return false;
    const match = tx
      .select({ id: suggestions.id })
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
      .orderBy(desc(suggestions.at))
      .limit(1)
      .get();
    if (!match) return false;
    tx.update(suggestions).set({ loadedAt: event.at }).where(eq(suggestions.id, match.id)).run();
    return true;
  });
}
