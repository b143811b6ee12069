import { inArray, lt } from "drizzle-orm";
import type { Db } from "../client";
import { decisionCandidates, decisions, feedback, skillHours, suggestionDays, suggestions, suppressionDays } from "../schema";

/**
 * Delete up to `batch` decisions older than `cutoff` with their candidates and
 * suggestion rows, in one short transaction. Returns how many decisions went.
 */
export function deleteDecisionBatch(db: Db, cutoff: number, batch: number): number {
  return db.transaction((tx) => {
    const ids = tx
      .select({ id: decisions.id })
      .from(decisions)
      .where(lt(decisions.at, cutoff))
      .orderBy(decisions.at)
      .limit(batch)
      .all()
      .map((r) => r.id);
    if (ids.length === 0) return 0;
    tx.delete(decisionCandidates).where(inArray(decisionCandidates.decisionId, ids)).run();
    tx.delete(suggestions).where(inArray(suggestions.decisionId, ids)).run();
    tx.delete(decisions).where(inArray(decisions.id, ids)).run();
    return ids.length;
  });
}

/** Delete up to `batch` feedback rows older than `cutoff`; returns how many went. */
export function deleteFeedbackBatch(db: Db, cutoff: number, batch: number): number {
  const ids = db
    .select({ id: feedback.id })
    .from(feedback)
    .where(lt(feedback.at, cutoff))
    .limit(batch)
    .all()
    .map((r) => r.id);
  if (ids.length === 0) return 0;
  db.delete(feedback).where(inArray(feedback.id, ids)).run();
  return ids.length;
}

/**
 * Forget which skills were ranked in hours before `cutoff` (their decisions
 * are gone), and the per-day suggestion and suppression counts of days wholly before it.
 */
export function deleteSkillHoursBefore(db: Db, cutoff: number): void {
  db.delete(skillHours).where(lt(skillHours.hour, cutoff)).run();
  const firstDay = Math.floor(cutoff / 86_400_000);
  db.delete(suggestionDays).where(lt(suggestionDays.day, firstDay)).run();
  db.delete(suppressionDays).where(lt(suppressionDays.day, firstDay)).run();
}
