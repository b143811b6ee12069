import { inArray, lt } from "drizzle-orm";
import { DAY_MS } from "../../lib/base/time";
import type { Db } from "../client";
import { inTransaction, write } from "../dialect";
import { forgetCachedRows } from "../hot/sqlite-read-cache";

/**
 * Delete up to `batch` decisions older than `cutoff` with their candidates and
 * suggestion rows, in one short transaction. Returns how many decisions went.
 */
export function deleteDecisionBatch(db: Db, cutoff: number, batch: number): Promise<number> {
  const { decisionCandidates, decisions, suggestions } = db.jev.t;
  return inTransaction(db, async (tx) => {
    const ids = (await tx.select({ id: decisions.id }).from(decisions).where(lt(decisions.at, cutoff)).orderBy(decisions.at).limit(batch)).map((r) => r.id);
    if (ids.length === 0) return 0;
    await tx.delete(decisionCandidates).where(inArray(decisionCandidates.decisionId, ids));
    await tx.delete(suggestions).where(inArray(suggestions.decisionId, ids));
    await tx.delete(decisions).where(inArray(decisions.id, ids));
    return ids.length;
  });
}

/** Delete up to `batch` feedback rows older than `cutoff`; returns how many went. */
export async function deleteFeedbackBatch(db: Db, cutoff: number, batch: number): Promise<number> {
  const { feedback } = db.jev.t;
  const ids = (await db.select({ id: feedback.id }).from(feedback).where(lt(feedback.at, cutoff)).limit(batch)).map((r) => r.id);
  if (ids.length === 0) return 0;
  await write(db, async (w) => {
    await w.delete(feedback).where(inArray(feedback.id, ids));
  });
  forgetCachedRows(db, "feedback");
  return ids.length;
}

/**
 * Forget which skills were ranked in hours before `cutoff` (their decisions
 * are gone), and the per-day suggestion and suppression counts of days wholly before it.
 */
export async function deleteSkillHoursBefore(db: Db, cutoff: number): Promise<void> {
  const { skillHours, suggestionDays, suppressionDays } = db.jev.t;
  const firstDay = Math.floor(cutoff / DAY_MS);
  await inTransaction(db, async (tx) => {
    await tx.delete(skillHours).where(lt(skillHours.hour, cutoff));
    await tx.delete(suggestionDays).where(lt(suggestionDays.day, firstDay));
    await tx.delete(suppressionDays).where(lt(suppressionDays.day, firstDay));
  });
}
