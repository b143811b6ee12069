import { and, count, eq, gt, gte, inArray, lt, lte, max, sql } from "drizzle-orm";
import type { ShownWindow } from "../../lib/rules/suggestion-rules";
import { DAY_MS } from "../../lib/time";
import type { Db } from "../client";

/**
 * Rule 2's window for every skill at once: suggestions shown to clients that
 * report loads since `windowStart`, the loaded ones, and the latest. Whole days
 * come from suggestion_days; only the day the window starts in is read row by
 * row (through the time index), so a million rows cost a few thousand.
 * `skills` limits it to those (a turn asks about its finalists only).
 * Days after `now`'s are left out; rows later than `now` on its own day are
 * counted: this is the view of the present, where there are none.
 */
export async function shownWindows(db: Db, windowStart: number, now: number, skills?: readonly string[]): Promise<Map<string, ShownWindow>> {
  const { suggestionDays: d, suggestions: s } = db.jev.t;
  const edgeDay = Math.floor(windowStart / DAY_MS);
  const out = new Map<string, ShownWindow>();
  const add = (r: { skill: string; suggestions: number; loads: number; lastAt: number | null }) => {
    const lastAt = Number(r.lastAt);
    const w = out.get(r.skill);
    if (!w) out.set(r.skill, { suggestions: r.suggestions, loads: r.loads, lastShown: lastAt });
    else {
      w.suggestions += r.suggestions;
      w.loads += r.loads;
      w.lastShown = Math.max(w.lastShown, lastAt);
    }
  };
  const whole = await db
    .select({
      skill: d.skill,
      suggestions: sql<number>`sum(${d.suggestions})`.mapWith(Number),
      loads: sql<number>`sum(${d.loads})`.mapWith(Number),
      lastAt: max(d.lastAt),
    })
    .from(d)
    .where(and(gt(d.day, edgeDay), lte(d.day, Math.floor(now / DAY_MS)), skills ? inArray(d.skill, [...skills]) : undefined))
    .groupBy(d.skill);
  for (const r of whole) add(r);
  const edge = await db
    .select({ skill: s.skill, suggestions: count(), loads: count(s.loadedAt), lastAt: max(s.at) })
    .from(s)
    .where(and(gte(s.at, windowStart), lt(s.at, (edgeDay + 1) * DAY_MS), eq(s.reportsLoads, true), skills ? inArray(s.skill, [...skills]) : undefined))
    .groupBy(s.skill);
  for (const r of edge) add(r);
  return out;
}
