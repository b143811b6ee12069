import type { ShownWindow } from "../../lib/rules/suggestion-rules";
import type { Db } from "../client";

const DAY_MS = 86_400_000;

/**
 * Rule 2's window for every skill at once: suggestions shown to clients that
 * report loads since `windowStart`, the loaded ones, and the latest. Whole days
 * come from suggestion_days; only the day the window starts in is read row by
 * row (through the time index), so a million rows cost a few thousand.
 * Days after `now`'s are left out; rows later than `now` on its own day are
 * counted: this is the view of the present, where there are none.
 */
export function shownWindows(db: Db, windowStart: number, now: number): Map<string, ShownWindow> {
  const edgeDay = Math.floor(windowStart / DAY_MS);
  const out = new Map<string, ShownWindow>();
  const add = (r: { skill: string; suggestions: number; loads: number; last_at: number }) => {
    const w = out.get(r.skill);
    if (!w) out.set(r.skill, { suggestions: r.suggestions, loads: r.loads, lastShown: r.last_at });
    else {
      w.suggestions += r.suggestions;
      w.loads += r.loads;
      w.lastShown = Math.max(w.lastShown, r.last_at);
    }
  };
  const whole = db.$client
    .prepare(
      "SELECT skill, sum(suggestions) AS suggestions, sum(loads) AS loads, max(last_at) AS last_at FROM suggestion_days WHERE day > ? AND day <= ? GROUP BY skill",
    )
    .all(edgeDay, Math.floor(now / DAY_MS)) as { skill: string; suggestions: number; loads: number; last_at: number }[];
  for (const r of whole) add(r);
  const edge = db.$client
    .prepare(
      "SELECT skill, count(*) AS suggestions, count(loaded_at) AS loads, max(at) AS last_at FROM suggestions WHERE at >= ? AND at < ? AND reports_loads = 1 GROUP BY skill",
    )
    .all(windowStart, (edgeDay + 1) * DAY_MS) as { skill: string; suggestions: number; loads: number; last_at: number }[];
  for (const r of edge) add(r);
  return out;
}
