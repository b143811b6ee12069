import type { Db } from "../../db/client";
import { shownHistorySince } from "../../db/queries/suggestions";
import { getOrCreate, processWide } from "../collections";
import type { RulesConfig } from "../rules/config";
import type { ShownSuggestion } from "../rules/suggestion-rules";
import { DAY_MS } from "../time";

/** Reload shown-suggestion history from the database at most this often. */
const REFRESH_MS = 5_000;

interface Memo {
  loadedAt: number;
  windowMs: number;
  bySkill: Map<string, ShownSuggestion[]>;
}
// Process-wide, not per module: Next.js bundles each route apart, and the feedback route's
// forgetHistory must clear the memo the pick-skill route reads.
const memos = processWide("jev.shownHistoryMemos", () => new Map<string, Memo>());

/**
 * Rule 2's history per skill: suggestions made to clients that report loads,
 * from the database, kept for a few seconds so a decision does not
 * re-aggregate the window. This process's own suggestions are added in place
 * (`noteShown`), so its decisions never lag behind its own writes; other
 * instances' writes are seen within REFRESH_MS.
 */
export async function shownHistory(db: Db, now: number, rules: RulesConfig): Promise<Map<string, ShownSuggestion[]>> {
  const windowMs = rules.suppression.window_days * DAY_MS;
  const memo = memos.get(db.jev.key);
  if (memo && memo.windowMs === windowMs && now - memo.loadedAt < REFRESH_MS && now >= memo.loadedAt) return memo.bySkill;
  const bySkill = await shownHistorySince(db, now - windowMs);
  memos.set(db.jev.key, { loadedAt: now, windowMs, bySkill });
  return bySkill;
}

/** A suggestion this process just made to a client that reports loads. */
export function noteShown(db: Db, skill: string, at: number): void {
  const memo = memos.get(db.jev.key);
  if (!memo) return;
  getOrCreate(memo.bySkill, skill, () => []).push({ at, loaded: false });
}

/** Feedback changes which suggestions count and how they ended: reload on the next decision. */
export function forgetHistory(db: Db): void {
  memos.delete(db.jev.key);
}
