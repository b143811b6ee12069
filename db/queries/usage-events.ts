import { and, desc, eq, gte, inArray, lt, sql } from "drizzle-orm";
import { getOrCreate } from "../../lib/collections";
import { DAY_MS } from "../../lib/time";
import type { UsageEventKind, UsageEventSource } from "../../lib/vocab/curator";
import type { Db } from "../client";
import { usageDays, usageEvents, usageSnapshots } from "../schema";
import { compile } from "./compiled";

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

const preparedWrites = new WeakMap<Db, ReturnType<typeof prepareWrites>>();

/** Prepared once per handle: every usage bump and every scan runs these (the query builder per row cost more than SQLite). */
function prepareWrites(db: Db) {
  const p = (name: string) => sql.placeholder(name);
  const event = compile(
    db,
    db
      .insert(usageEvents)
      .values({ home: p("home"), skill: p("skill"), kind: p("kind"), at: p("at"), count: p("count"), source: p("source"), detail: p("detail") }),
  );
  const addCounters = (table: string, key: string[]) =>
    db.$client.prepare(
      `INSERT INTO ${table} (${key.join(", ")}, uses, views, patches) VALUES (${key.map((k) => `@${k}`).join(", ")}, @uses, @views, @patches)
       ON CONFLICT (${key.join(", ")}) DO UPDATE SET uses = uses + excluded.uses, views = views + excluded.views, patches = patches + excluded.patches`,
    );
  return { event, day: addCounters("usage_days", ["home", "skill", "day"]), snapshot: addCounters("usage_snapshots", ["home", "skill"]) };
}

const only = (column: keyof Counters, n: number): Counters => ({ uses: 0, views: 0, patches: 0, [column]: n });

/** Append events and count the use/view/patch ones in usage_days, in one transaction. */
export function insertUsageEvents(db: Db, rows: UsageEventRow[]): void {
  if (rows.length === 0) return;
  const writes = getOrCreate(preparedWrites, db, () => prepareWrites(db));
  db.$client.transaction(() => {
    for (const r of rows) {
      writes.event({ ...r, detail: r.detail ?? null });
      const column = DAY_COLUMN[r.kind];
      if (column) writes.day.run({ home: r.home, skill: r.skill, day: Math.floor(r.at / DAY_MS), ...only(column, r.count) });
    }
  })();
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
  getOrCreate(preparedWrites, db, () => prepareWrites(db)).snapshot.run({ home, skill, ...only(column, n) });
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

/** Per skill since `fromDay`: suggestions shown and loads (rule 2's per-day counts, clients that report loads), and rule 2's removals. */
export function engineCountsSince(db: Db, fromDay: number): Map<string, { suggested: number; loaded: number; suppressed: number }> {
  const out = new Map<string, { suggested: number; loaded: number; suppressed: number }>();
  const shown = db.$client
    .prepare("SELECT skill, sum(suggestions) AS suggested, sum(loads) AS loaded FROM suggestion_days WHERE day >= ? GROUP BY skill")
    .all(fromDay) as { skill: string; suggested: number; loaded: number }[];
  for (const r of shown) out.set(r.skill, { suggested: r.suggested, loaded: r.loaded, suppressed: 0 });
  const removed = db.$client.prepare("SELECT skill, sum(count) AS n FROM suppression_days WHERE day >= ? GROUP BY skill").all(fromDay) as {
    skill: string;
    n: number;
  }[];
  for (const r of removed) getOrCreate(out, r.skill, () => ({ suggested: 0, loaded: 0, suppressed: 0 })).suppressed = r.n;
  return out;
}

/** A skill's suggestions, loads and suppressions on each day since `fromDay` that has any, in day order. */
export function engineDaysOf(db: Db, skill: string, fromDay: number): { day: number; suggestions: number; loads: number; suppressed: number }[] {
  return db.$client
    .prepare(
      `SELECT day, sum(suggestions) AS suggestions, sum(loads) AS loads, sum(suppressed) AS suppressed FROM (
         SELECT day, suggestions, loads, 0 AS suppressed FROM suggestion_days WHERE skill = @skill AND day >= @fromDay
         UNION ALL SELECT day, 0, 0, count FROM suppression_days WHERE skill = @skill AND day >= @fromDay
       ) GROUP BY day ORDER BY day`,
    )
    .all({ skill, fromDay }) as { day: number; suggestions: number; loads: number; suppressed: number }[];
}
