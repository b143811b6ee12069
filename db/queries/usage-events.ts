import { and, desc, eq, gte, inArray, lt, sql } from "drizzle-orm";
import { DAY_MS } from "../../lib/time";
import type { UsageEventKind, UsageEventSource } from "../../lib/vocab/curator";
import type { Db } from "../client";
import { usageDays, usageEvents, usageSnapshots } from "../schema";

export interface UsageEventRow {
  home: string;
  skill: string;
  kind: UsageEventKind;
  at: number;
  count: number;
  source: UsageEventSource;
  detail?: string | null;
}

export interface Counters {
  uses: number;
  views: number;
  patches: number;
}

const DAY_COLUMN: Partial<Record<UsageEventKind, keyof Counters>> = { use: "uses", view: "views", patch: "patches" };

/** Append events and count the use/view/patch ones in usage_days, in one transaction. */
export function insertUsageEvents(db: Db, rows: UsageEventRow[]): void {
  if (rows.length === 0) return;
  db.transaction(() => {
    for (const r of rows) {
      db.insert(usageEvents)
        .values({ ...r, detail: r.detail ?? null })
        .run();
      const column = DAY_COLUMN[r.kind];
      if (!column) continue;
      db.insert(usageDays)
        .values({ home: r.home, skill: r.skill, day: Math.floor(r.at / DAY_MS), uses: 0, views: 0, patches: 0, [column]: r.count })
        .onConflictDoUpdate({ target: [usageDays.home, usageDays.skill, usageDays.day], set: { [column]: sqlAdd(column, r.count) } })
        .run();
    }
  });
}

function sqlAdd(column: keyof Counters, n: number) {
  return sql`${usageDays[column]} + ${n}`;
}

export function snapshotsOf(db: Db, home: string): Map<string, Counters> {
  const rows = db.select().from(usageSnapshots).where(eq(usageSnapshots.home, home)).all();
  return new Map(rows.map((r) => [r.skill, { uses: r.uses, views: r.views, patches: r.patches }]));
}

/** Set a skill's accounted counters (after a scan). */
export function putSnapshot(db: Db, home: string, skill: string, c: Counters): void {
  db.insert(usageSnapshots)
    .values({ home, skill, ...c })
    .onConflictDoUpdate({ target: [usageSnapshots.home, usageSnapshots.skill], set: c })
    .run();
}

/** Count jev's own bump as accounted for (so the next scan does not take it for Hermes's). */
export function addToSnapshot(db: Db, home: string, skill: string, column: keyof Counters, n: number): void {
  db.insert(usageSnapshots)
    .values({ home, skill, uses: 0, views: 0, patches: 0, [column]: n })
    .onConflictDoUpdate({ target: [usageSnapshots.home, usageSnapshots.skill], set: { [column]: sql`${usageSnapshots[column]} + ${n}` } })
    .run();
}

/** Per skill and day from `fromDay` (a UTC day number): for sparklines. */
export function usageDaysSince(db: Db, home: string, fromDay: number, skills?: string[]) {
  const where = [eq(usageDays.home, home), gte(usageDays.day, fromDay)];
  if (skills) where.push(inArray(usageDays.skill, skills));
  return db
    .select()
    .from(usageDays)
    .where(and(...where))
    .all();
}

/** A skill's events, newest first. */
export function skillUsageEvents(db: Db, home: string, skill: string, limit = 200, before = Number.MAX_SAFE_INTEGER) {
  return db
    .select()
    .from(usageEvents)
    .where(and(eq(usageEvents.home, home), eq(usageEvents.skill, skill), lt(usageEvents.at, before)))
    .orderBy(desc(usageEvents.at), desc(usageEvents.id))
    .limit(limit)
    .all();
}

/** Curator actions across skills (lifecycle history), newest first. */
export function curatorActionEvents(db: Db, home: string, limit = 100) {
  return db
    .select()
    .from(usageEvents)
    .where(
      and(eq(usageEvents.home, home), eq(usageEvents.source, "curator"), inArray(usageEvents.kind, ["state", "pin", "unpin", "archive", "restore", "adopt"])),
    )
    .orderBy(desc(usageEvents.at), desc(usageEvents.id))
    .limit(limit)
    .all();
}

/** Suggestions shown and loads per skill since `fromDay`, from rule 2's per-day counts (clients that report loads). */
export function engineCountsSince(db: Db, fromDay: number): Map<string, { suggested: number; loaded: number }> {
  const rows = db.$client
    .prepare("SELECT skill, sum(suggestions) AS suggested, sum(loads) AS loaded FROM suggestion_days WHERE day >= ? GROUP BY skill")
    .all(fromDay) as { skill: string; suggested: number; loaded: number }[];
  return new Map(rows.map((r) => [r.skill, { suggested: r.suggested, loaded: r.loaded }]));
}

/** A skill's suggestions and loads per day since `fromDay` (rule 2's per-day counts). */
export function engineDaysOf(db: Db, skill: string, fromDay: number): { day: number; suggestions: number; loads: number }[] {
  return db.$client.prepare("SELECT day, suggestions, loads FROM suggestion_days WHERE skill = ? AND day >= ? ORDER BY day").all(skill, fromDay) as {
    day: number;
    suggestions: number;
    loads: number;
  }[];
}
