import { gte, max, sql } from "drizzle-orm";
import { getOrCreate } from "../../lib/base/collections";
import type { Db } from "../client";
import { rowsOf } from "../dialect";

/** The engine's side of a skill over some days: suggestions shown (to clients that report loads), loads, rule 2's removals. */
export interface EngineCounts {
  suggested: number;
  loaded: number;
  suppressed: number;
  /** The latest suggestion counted, epoch ms; null when none in the window. */
  lastSuggestedAt: number | null;
}

/** Per skill since `fromDay` (rule 2's per-day counts and the suppression days, so a thousand skills read days, not rows). */
export async function engineCountsSince(db: Db, fromDay: number): Promise<Map<string, EngineCounts>> {
  const { suggestionDays: d, suppressionDays: x } = db.jev.t;
  const out = new Map<string, EngineCounts>();
  const shown = await db
    .select({
      skill: d.skill,
      suggested: sql<number>`sum(${d.suggestions})`.mapWith(Number),
      loaded: sql<number>`sum(${d.loads})`.mapWith(Number),
      lastAt: max(d.lastAt),
    })
    .from(d)
    .where(gte(d.day, fromDay))
    .groupBy(d.skill);
  for (const r of shown)
    out.set(r.skill, { suggested: r.suggested, loaded: r.loaded, suppressed: 0, lastSuggestedAt: r.lastAt === null ? null : Number(r.lastAt) });
  const removed = await db
    .select({ skill: x.skill, n: sql<number>`sum(${x.count})`.mapWith(Number) })
    .from(x)
    .where(gte(x.day, fromDay))
    .groupBy(x.skill);
  for (const r of removed) getOrCreate(out, r.skill, () => ({ suggested: 0, loaded: 0, suppressed: 0, lastSuggestedAt: null })).suppressed = r.n;
  return out;
}

/** A skill file the engine has ranked: its name, its SKILL.md path and the start of the last hour it was a candidate. */
export interface RankedSkillRef {
  name: string;
  path: string;
  lastRankedHour: number;
}

/**
 * Every (name, path) the engine ranked since `sinceMs`, newest first, at most
 * `limit`: the skills of roots jev was sent (a hook's `~/.claude/skills`, a
 * project's folder, `--root`s) as well as its default roots.
 */
export async function rankedSkillRefs(db: Db, sinceMs: number, limit = 5_000): Promise<RankedSkillRef[]> {
  const { skillRefs: r, skillHours: h } = db.jev.t;
  const last = max(h.hour);
  const rows = await db
    .select({ name: r.name, path: r.path, last })
    .from(h)
    .innerJoin(r, sql`${r.id} = ${h.skillRefId}`)
    .where(gte(h.hour, sinceMs))
    .groupBy(r.id, r.name, r.path)
    .orderBy(sql`${last} DESC`)
    .limit(limit);
  return rows.map((row) => ({ name: row.name, path: row.path, lastRankedHour: Number(row.last) }));
}

/** A skill's suggestions, loads and suppressions on each day since `fromDay` that has any, in day order. */
export async function engineDaysOf(db: Db, skill: string, fromDay: number): Promise<{ day: number; suggestions: number; loads: number; suppressed: number }[]> {
  const { suggestionDays: d, suppressionDays: x } = db.jev.t;
  const rows = await rowsOf<{ day: number; suggestions: number; loads: number; suppressed: number }>(
    db,
    sql`SELECT day, sum(suggestions) AS suggestions, sum(loads) AS loads, sum(suppressed) AS suppressed FROM (
         SELECT ${d.day} AS day, ${d.suggestions} AS suggestions, ${d.loads} AS loads, 0 AS suppressed FROM ${d} WHERE ${d.skill} = ${skill} AND ${d.day} >= ${fromDay}
         UNION ALL SELECT ${x.day}, 0, 0, ${x.count} FROM ${x} WHERE ${x.skill} = ${skill} AND ${x.day} >= ${fromDay}
       ) AS days GROUP BY day ORDER BY day`,
  );
  return rows.map((r) => ({ day: Number(r.day), suggestions: Number(r.suggestions), loads: Number(r.loads), suppressed: Number(r.suppressed) }));
}

/** Per UTC day since `fromDay` (all skills): suggestions shown to clients that report loads, and their loads. Days with none are absent. */
export async function engineTotalsByDay(db: Db, fromDay: number): Promise<{ day: number; suggestions: number; loads: number }[]> {
  const { suggestionDays: d } = db.jev.t;
  const rows = await db
    .select({ day: d.day, suggestions: sql<number>`sum(${d.suggestions})`.mapWith(Number), loads: sql<number>`sum(${d.loads})`.mapWith(Number) })
    .from(d)
    .where(gte(d.day, fromDay))
    .groupBy(d.day)
    .orderBy(d.day);
  return rows.map((r) => ({ day: Number(r.day), suggestions: r.suggestions, loads: r.loads }));
}
