import { and, desc, eq, gte, inArray, lt, sql } from "drizzle-orm";
import { DAY_MS } from "../../lib/base/time";
import type { UsageEventKind, UsageEventSource } from "../../lib/vocab/curator";
import type { Db } from "../client";
import { inTransaction, write } from "../dialect";
import { statement } from "../hot/compiled";

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

const insertEvent = statement((db, p) =>
  db
    .insert(db.jev.t.usageEvents)
    .values({ home: p("home"), skill: p("skill"), kind: p("kind"), at: p("at"), count: p("count"), source: p("source"), detail: p("detail") } as never),
);

/** Add use, view and patch counts to a row of usage_days or usage_snapshots (created at zero). */
const addCounters = (table: "usageDays" | "usageSnapshots") =>
  statement((db, p) => {
    const t = db.jev.t[table] as typeof db.jev.t.usageDays;
    const key = table === "usageDays" ? [t.home, t.skill, t.day] : [t.home, t.skill];
    const values = {
      home: p("home"),
      skill: p("skill"),
      ...(table === "usageDays" ? { day: p("day") } : {}),
      uses: p("uses"),
      views: p("views"),
      patches: p("patches"),
    };
    return db
      .insert(t)
      .values(values as never)
      .onConflictDoUpdate({
        target: key,
        set: { uses: sql`${t.uses} + excluded.uses`, views: sql`${t.views} + excluded.views`, patches: sql`${t.patches} + excluded.patches` },
      });
  });
const addToDay = addCounters("usageDays");
const addToSnapshotRow = addCounters("usageSnapshots");

const only = (column: keyof Counters, n: number): Counters => ({ uses: 0, views: 0, patches: 0, [column]: n });

/** Append events and count the use/view/patch ones in usage_days, in one transaction. */
export async function insertUsageEvents(db: Db, rows: UsageEventRow[]): Promise<void> {
  if (rows.length === 0) return;
  await inTransaction(db, async (tx) => {
    for (const r of rows) {
      await insertEvent(tx, { ...r, detail: r.detail ?? null });
      const column = DAY_COLUMN[r.kind];
      if (column) await addToDay(tx, { home: r.home, skill: r.skill, day: Math.floor(r.at / DAY_MS), ...only(column, r.count) });
    }
  });
}

/** Append one event (not a counted one) and return its id: a consolidation's row, written before its first move. */
export async function insertUsageEventReturningId(db: Db, row: UsageEventRow): Promise<number> {
  const { usageEvents } = db.jev.t;
  return write(
    db,
    async (w) =>
      (
        await w
          .insert(usageEvents)
          .values({ ...row, detail: row.detail ?? null })
          .returning({ id: usageEvents.id })
      )[0].id,
  );
}

/** Replace an event's detail: a consolidation's row, completed once its moves are done. */
export async function setUsageEventDetail(db: Db, id: number, detail: string): Promise<void> {
  const { usageEvents } = db.jev.t;
  await write(db, (w) => w.update(usageEvents).set({ detail }).where(eq(usageEvents.id, id)));
}

/** Take back an event written ahead of a change that was then refused before anything changed. */
export async function deleteUsageEvent(db: Db, id: number): Promise<void> {
  const { usageEvents } = db.jev.t;
  await write(db, (w) => w.delete(usageEvents).where(eq(usageEvents.id, id)));
}

export async function snapshotsOf(db: Db, home: string): Promise<Map<string, Counters>> {
  const { usageSnapshots } = db.jev.t;
  const rows = await db.select().from(usageSnapshots).where(eq(usageSnapshots.home, home));
  return new Map(rows.map((r) => [r.skill, { uses: r.uses, views: r.views, patches: r.patches }]));
}

/** Set a skill's accounted counters (after a scan). */
export async function putSnapshot(db: Db, home: string, skill: string, c: Counters): Promise<void> {
  const { usageSnapshots } = db.jev.t;
  await write(db, async (w) => {
    await w
      .insert(usageSnapshots)
      .values({ home, skill, ...c })
      .onConflictDoUpdate({ target: [usageSnapshots.home, usageSnapshots.skill], set: c });
  });
}

/** Count jev's own bump as accounted for (so the next scan does not take it for Hermes's). */
export async function addToSnapshot(db: Db, home: string, skill: string, column: keyof Counters, n: number): Promise<void> {
  await write(db, async (w) => {
    await addToSnapshotRow(w, { home, skill, ...only(column, n) });
  });
}

/** Per skill and day from `fromDay` (a UTC day number): for sparklines. */
export async function usageDaysSince(db: Db, home: string, fromDay: number, skills?: string[]) {
  const { usageDays } = db.jev.t;
  const where = [eq(usageDays.home, home), gte(usageDays.day, fromDay)];
  if (skills) where.push(inArray(usageDays.skill, skills));
  return db
    .select()
    .from(usageDays)
    .where(and(...where));
}

/** A skill's events, newest first. */
export async function skillUsageEvents(db: Db, home: string, skill: string, limit = 200, before = Number.MAX_SAFE_INTEGER) {
  const { usageEvents } = db.jev.t;
  return db
    .select()
    .from(usageEvents)
    .where(and(eq(usageEvents.home, home), eq(usageEvents.skill, skill), lt(usageEvents.at, before)))
    .orderBy(desc(usageEvents.at), desc(usageEvents.id))
    .limit(limit);
}

/** The rows a curator action writes (the rest are Hermes's telemetry). */
export const CURATOR_EVENT_KINDS: UsageEventKind[] = ["state", "pin", "unpin", "archive", "restore", "adopt", "consolidate", "unconsolidate"];

/** Curator actions across skills (lifecycle history), newest first. */
export async function curatorActionEvents(db: Db, home: string, limit = 100) {
  const { usageEvents } = db.jev.t;
  return db
    .select()
    .from(usageEvents)
    .where(and(eq(usageEvents.home, home), eq(usageEvents.source, "curator"), inArray(usageEvents.kind, CURATOR_EVENT_KINDS)))
    .orderBy(desc(usageEvents.at), desc(usageEvents.id))
    .limit(limit);
}

/** The consolidations applied to a home and their undos, newest first (the undo finds the latest not yet undone). */
export async function consolidationEvents(db: Db, home: string, limit = 200) {
  const { usageEvents } = db.jev.t;
  return db
    .select()
    .from(usageEvents)
    .where(and(eq(usageEvents.home, home), eq(usageEvents.source, "curator"), inArray(usageEvents.kind, ["consolidate", "unconsolidate"])))
    .orderBy(desc(usageEvents.at), desc(usageEvents.id))
    .limit(limit);
}
