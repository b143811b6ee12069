import { and, type Column, eq, gt, gte, inArray, lt, lte, type SQL, type SQLWrapper, sql } from "drizzle-orm";
import { DAY_MS } from "../../lib/base/time";
import type { ShownWindow } from "../../lib/rules/suggestion-rules";
import type { Db } from "../client";

/** A part of rule 2's windows, per skill: suggestions, loads, the latest (as PostgreSQL returns them). */
export interface WindowPart {
  skill: string;
  suggestions: number | string;
  loads: number | string;
  lastAt: number | string | null;
}

/** Where rule 2's window starts and where its first day ends, as numbers or as a prepared statement's placeholders. */
export interface WindowEdges<V = number> {
  windowStart: V;
  /** The day the window starts in: read row by row. */
  edgeDay: V;
  /** `now`'s day: later days are left out. */
  today: V;
  /** Where the first day ends. */
  edgeEnd: V;
}

export function windowEdges(windowStart: number, now: number): WindowEdges {
  const edgeDay = Math.floor(windowStart / DAY_MS);
  return { windowStart, edgeDay, today: Math.floor(now / DAY_MS), edgeEnd: (edgeDay + 1) * DAY_MS };
}

/**
 * The two queries rule 2's windows are summed from (see shownWindows): the whole days after the window's first, from
 * suggestion_days, and that first day row by row. `skillIn` narrows both to some skills. Their columns are named
 * (`AS`), so either can also be read as JSON inside a larger statement (db/queries/turn-reads.ts).
 */
export function windowQueries(db: Db, e: WindowEdges<number | SQLWrapper>, skillIn?: (skill: Column) => SQL) {
  const { suggestionDays: d, suggestions: s } = db.jev.t;
  const whole = db
    .select({
      skill: d.skill,
      suggestions: sql<number>`sum(${d.suggestions})`.as("suggestions"),
      loads: sql<number>`sum(${d.loads})`.as("loads"),
      lastAt: sql<number | null>`max(${d.lastAt})`.as("lastAt"),
    })
    .from(d)
    .where(and(gt(d.day, e.edgeDay), lte(d.day, e.today), skillIn?.(d.skill)))
    .groupBy(d.skill);
  const edge = db
    .select({
      skill: s.skill,
      suggestions: sql<number>`count(*)`.as("suggestions"),
      loads: sql<number>`count(${s.loadedAt})`.as("loads"),
      lastAt: sql<number | null>`max(${s.at})`.as("lastAt"),
    })
    .from(s)
    .where(and(gte(s.at, e.windowStart), lt(s.at, e.edgeEnd), eq(s.reportsLoads, true), skillIn?.(s.skill)))
    .groupBy(s.skill);
  return { whole, edge };
}

/** Per skill, the sum of its window parts. */
export function foldWindows(parts: Iterable<WindowPart>): Map<string, ShownWindow> {
  const out = new Map<string, ShownWindow>();
  for (const r of parts) {
    const suggestions = Number(r.suggestions);
    const loads = Number(r.loads);
    const lastAt = Number(r.lastAt);
    const w = out.get(r.skill);
    if (!w) out.set(r.skill, { suggestions, loads, lastShown: lastAt });
    else {
      w.suggestions += suggestions;
      w.loads += loads;
      w.lastShown = Math.max(w.lastShown, lastAt);
    }
  }
  return out;
}

/**
 * Rule 2's window for every skill at once (or only `skills`): suggestions shown to clients that report loads since
 * `windowStart`, the loaded ones, and the latest. Whole days come from suggestion_days, only the first day row by row.
 * Days after `now`'s are left out; rows later than `now` on its own day are counted (the present has none).
 */
export async function shownWindows(db: Db, windowStart: number, now: number, skills?: readonly string[]): Promise<Map<string, ShownWindow>> {
  const { whole, edge } = windowQueries(db, windowEdges(windowStart, now), skills ? (skill) => inArray(skill, [...skills]) : undefined);
  return foldWindows([...(await whole), ...(await edge)]);
}
