import { getOrCreate } from "../../lib/base/collections";
import { type MaybePromise, thenMaybe } from "../../lib/base/maybe-promise";
import { processWide } from "../../lib/base/process-state";
import { DAY_MS } from "../../lib/base/time";
import type { RulesConfig } from "../../lib/rules/config";
import { type ShownSuggestion, type ShownWindow, shownWindow } from "../../lib/rules/suggestion-rules";
import type { Db } from "../client";
import { isPostgres } from "../dialect";
import { shownHistorySince } from "./suggestions";
import { shownWindows } from "./suppression";

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
 * Rule 2's history per skill: suggestions made to clients that report loads, from the database, kept for a few
 * seconds so a decision does not re-aggregate the window. This process's own suggestions are added in place
 * (`noteShown`), so its decisions never lag behind its own writes; other instances' writes are seen within
 * REFRESH_MS.
 */
function shownHistory(db: Db, now: number, rules: RulesConfig): MaybePromise<Map<string, ShownSuggestion[]>> {
  const windowMs = rules.suppression.window_days * DAY_MS;
  const memo = memos.get(db.jev.key);
  if (memo && memo.windowMs === windowMs && now - memo.loadedAt < REFRESH_MS && now >= memo.loadedAt) return memo.bySkill;
  return shownHistorySince(db, now - windowMs).then((bySkill) => {
    memos.set(db.jev.key, { loadedAt: now, windowMs, bySkill });
    return bySkill;
  });
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

const NEVER_SHOWN: ShownWindow = { suggestions: 0, loads: 0, lastShown: -Infinity };

/**
 * Rule 2's windows of the names a turn asks about, as of `now`, the way each database serves them best. One process
 * on SQLite keeps the whole history a few seconds (its own suggestions added as it makes them); on PostgreSQL, where
 * the instances of a fleet write at once, each turn reads afresh the windows of just its names, so each instance
 * decides as one would. A name not shown in the window reads as never shown; no names, no read.
 */
export function ruleTwoWindows(db: Db, now: number, rules: RulesConfig): (names: readonly string[]) => MaybePromise<ReadonlyMap<string, ShownWindow>> {
  return (names) => {
    const out = new Map<string, ShownWindow>();
    if (names.length === 0) return out;
    if (isPostgres(db)) {
      return shownWindows(db, now - rules.suppression.window_days * DAY_MS, now, names).then((read) => {
        for (const n of names) out.set(n, read.get(n) ?? NEVER_SHOWN);
        return out;
      });
    }
    // The memo is warm on nearly every turn: then no promise.
    return thenMaybe(shownHistory(db, now, rules), (history) => {
      for (const n of names) out.set(n, shownWindow(history.get(n) ?? [], now, rules));
      return out;
    });
  };
}
