import { and, count, eq, gte, lt, lte, type SQL, sql } from "drizzle-orm";
import { getOrCreate } from "../../lib/base/collections";
import { HOUR_MS } from "../../lib/base/time";
import { histogramPercentile, latencyBucket } from "../../lib/vocab/latency-buckets";
import { UNKNOWN_REASON } from "../../lib/vocab/reason-codes";
import type { Db } from "../client";
import { inTransaction, isPostgres } from "../dialect";
import { statement } from "../hot/compiled";
import type { NewDecisionRow } from "../schema";
import { type DecisionFilter, decisionWhere, groupsOverRange } from "./decision-filters";

const COLUMNS = [
  "at",
  "day",
  "status",
  "outcome",
  "reasonCode",
  "needsSkill",
  "latencyMs",
  "requests",
  "connections",
  "merged",
  "catalogSize",
  "skillsReturned",
  "skillsDropped",
  "judge",
  "channel",
  "stageOneMs",
  "stageTwoMs",
  "sessionId",
  "agent",
  "reportsLoads",
  "suggestedSkill",
  "suggestedMatch",
  "suggestedVia",
] as const;

// Built once per database (see statement): building and preparing the SQL each time cost more than the write (db/hot/README.md).
const insertRow = statement((db, p) => {
  const { decisions } = db.jev.t;
  return db
    .insert(decisions)
    .values(Object.fromEntries(COLUMNS.map((c) => [c, p(c)])) as never)
    .returning({ id: decisions.id });
});
const countInRollup = statement((db, p) => {
  const { decisionRollups: r } = db.jev.t;
  return db
    .insert(r)
    .values({ hour: p("hour"), day: p("day"), status: p("status"), outcome: p("outcome"), reason: p("reason"), latencyMs: p("latencyMs"), count: 1 } as never)
    .onConflictDoUpdate({ target: [r.hour, r.status, r.outcome, r.reason, r.latencyMs], set: { count: sql`${r.count} + 1` } });
});
const countJudgeWork = statement((db, p) => {
  const { judgeRollups: j } = db.jev.t;
  return db
    .insert(j)
    .values({ hour: p("hour"), day: p("day"), judgeMs: p("judgeMs"), count: 1, requests: p("requests") } as never)
    .onConflictDoUpdate({ target: [j.hour, j.judgeMs], set: { count: sql`${j.count} + 1`, requests: sql`${j.requests} + excluded.requests` } });
});

/** The judge's time on a decision (both stages), or null when it was not asked. */
export function judgeMsOf(row: { stageOneMs?: number | null; stageTwoMs?: number | null }): number | null {
  return row.stageOneMs === null || row.stageOneMs === undefined ? null : row.stageOneMs + (row.stageTwoMs ?? 0);
}

/** The rollup key of a decision's reason: its code when it failed open (`unknown` without one), "" on success. */
export function reasonKey(status: string, reasonCode: string | null | undefined): string {
  return status === "fail_open" ? (reasonCode ?? UNKNOWN_REASON) : "";
}

/** Insert a decision row and count it in its hour's rollup; call inside the decision's transaction. */
export async function insertDecision(db: Db, row: NewDecisionRow): Promise<number> {
  if (!isPostgres(db)) return insertDecisionOnSqlite(db, row);
  const { decision, rollup, judged } = decisionRows(row);
  const { id } = await insertRow(db, decision);
  await countInRollup(db, rollup);
  if (judged) await countJudgeWork(db, judged);
  return id!;
}

/** The same on SQLite, in the caller's turn: no promise per statement (Statement.onSqlite). */
export function insertDecisionOnSqlite(db: Db, row: NewDecisionRow): number {
  const { decision, rollup, judged } = decisionRows(row);
  const { id } = insertRow.onSqlite(db)(decision);
  countInRollup.onSqlite(db)(rollup);
  if (judged) countJudgeWork.onSqlite(db)(judged);
  return id!;
}

/** A decision's row, its rollup key and its judge-work key. */
function decisionRows(row: NewDecisionRow) {
  // Every column named once, in one shape (spreading defaults under the row built two objects a decision).
  const decision = {
    at: row.at,
    day: row.day,
    status: row.status,
    outcome: row.outcome,
    reasonCode: row.reasonCode ?? null,
    needsSkill: row.needsSkill ?? null,
    latencyMs: row.latencyMs,
    requests: row.requests,
    connections: row.connections ?? 0,
    merged: row.merged ?? false,
    catalogSize: row.catalogSize,
    skillsReturned: row.skillsReturned,
    skillsDropped: row.skillsDropped ?? 0,
    judge: row.judge,
    channel: row.channel,
    stageOneMs: row.stageOneMs ?? null,
    stageTwoMs: row.stageTwoMs ?? null,
    sessionId: row.sessionId ?? null,
    agent: row.agent ?? null,
    reportsLoads: row.reportsLoads ?? false,
    suggestedSkill: row.suggestedSkill ?? null,
    suggestedMatch: row.suggestedMatch ?? null,
    suggestedVia: row.suggestedVia ?? null,
  } satisfies Record<(typeof COLUMNS)[number], unknown>;
  const hour = row.at - (row.at % HOUR_MS);
  const rollup = {
    hour,
    day: row.day,
    status: row.status,
    outcome: row.outcome,
    reason: reasonKey(row.status, row.reasonCode),
    latencyMs: latencyBucket(row.latencyMs),
  };
  const judgeMs = judgeMsOf(row);
  const judged = judgeMs === null ? null : { hour, day: row.day, judgeMs: latencyBucket(judgeMs), requests: row.requests };
  return { decision, rollup, judged };
}

/**
 * Take decisions out of their hours' rollups (before deleting the rows): the
 * same keys insertDecision counted them under. Rollups that reach zero go.
 */
export async function uncountDecisions(
  db: Db,
  rows: readonly {
    at: number;
    day: string;
    status: string;
    outcome: string;
    reasonCode: string | null;
    latencyMs: number;
    stageOneMs: number | null;
    stageTwoMs: number | null;
    requests: number;
  }[],
): Promise<void> {
  const { decisionRollups: r, judgeRollups: j } = db.jev.t;
  for (const row of rows) {
    const hour = row.at - (row.at % HOUR_MS);
    await db
      .update(r)
      .set({ count: sql`${r.count} - 1` })
      .where(
        and(
          eq(r.hour, hour),
          eq(r.status, row.status as never),
          eq(r.outcome, row.outcome as never),
          eq(r.reason, reasonKey(row.status, row.reasonCode)),
          eq(r.latencyMs, latencyBucket(row.latencyMs)),
        ),
      );
    const judgeMs = judgeMsOf(row);
    if (judgeMs !== null)
      await db
        .update(j)
        .set({ count: sql`${j.count} - 1`, requests: sql`${j.requests} - ${row.requests}` })
        .where(and(eq(j.hour, hour), eq(j.judgeMs, latencyBucket(judgeMs))));
  }
  await db.delete(r).where(lte(r.count, 0));
  await db.delete(j).where(lte(j.count, 0));
}

export interface DecisionSummary {
  total: number;
  byStatus: Record<string, number>;
  byOutcome: Record<string, number>;
  /** Fail-open rows by reason code; rows without a code count as `unknown`. */
  byReason: Record<string, number>;
  byDay: { day: string; status: string; count: number }[];
  /** The same days split by outcome (the dashboard's chart). */
  byDayOutcome: { day: string; outcome: string; count: number }[];
  /** Nearest-rank percentiles of bucketed latencies (exact under 100 ms). */
  latencyMs: { p50: number | null; p90: number | null; p99: number | null };
}

/** One group of decisions: what every part of the summary is added up from. */
interface Group {
  day: string;
  status: string;
  outcome: string;
  reason: string;
  latencyMs: number;
  n: number;
}

/** Groups from the decision rows themselves (edges of a range, or filters the rollups do not have). */
async function rawGroups(db: Db, f: DecisionFilter): Promise<Group[]> {
  const { decisions } = db.jev.t;
  const rows = await db
    .select({
      day: decisions.day,
      status: decisions.status,
      outcome: decisions.outcome,
      reasonCode: decisions.reasonCode,
      latencyMs: decisions.latencyMs,
      n: count(),
    })
    .from(decisions)
    .where(decisionWhere(db, f))
    .groupBy(decisions.day, decisions.status, decisions.outcome, decisions.reasonCode, decisions.latencyMs);
  return rows.map((r) => ({ ...r, reason: reasonKey(r.status, r.reasonCode), latencyMs: latencyBucket(r.latencyMs) }));
}

/** Groups from the hourly rollups of whole hours [fromHour, toHour). */
async function rollupGroups(db: Db, f: DecisionFilter, fromHour: number, toHour: number): Promise<Group[]> {
  const { decisionRollups } = db.jev.t;
  const clauses: SQL[] = [gte(decisionRollups.hour, fromHour), lt(decisionRollups.hour, toHour)];
  if (f.status) clauses.push(eq(decisionRollups.status, f.status));
  if (f.outcome) clauses.push(eq(decisionRollups.outcome, f.outcome));
  if (f.reason) clauses.push(eq(decisionRollups.reason, f.reason));
  return db
    .select({
      day: decisionRollups.day,
      status: decisionRollups.status,
      outcome: decisionRollups.outcome,
      reason: decisionRollups.reason,
      latencyMs: decisionRollups.latencyMs,
      n: sql<number>`sum(${decisionRollups.count})`.mapWith(Number),
    })
    .from(decisionRollups)
    .where(and(...clauses))
    .groupBy(decisionRollups.day, decisionRollups.status, decisionRollups.outcome, decisionRollups.reason, decisionRollups.latencyMs);
}

/**
 * Counts and latency percentiles for the Decisions page and
 * `GET /api/decisions/summary`. Whole hours come from the rollups; the partial
 * hours at either end of the range, and any skill or session filter, from the
 * rows. A million decisions cost a few thousand rollup rows.
 */
export async function summarizeDecisions(db: Db, filter: DecisionFilter): Promise<DecisionSummary> {
  const groups = await groupsOverRange(
    db,
    filter,
    (f) => rawGroups(db, f),
    (fromHour, toHour) => rollupGroups(db, filter, fromHour, toHour),
  );
  // Counted in Maps, handed out as plain objects with own keys: whatever a row holds, it cannot reach a prototype.
  const add = (counts: Map<string, number>, key: string, n: number) => counts.set(key, (counts.get(key) ?? 0) + n);
  const byStatus = new Map<string, number>();
  const byOutcome = new Map<string, number>();
  const byReason = new Map<string, number>();
  const byDay = new Map<string, { day: string; status: string; count: number }>();
  const byDayOutcome = new Map<string, { day: string; outcome: string; count: number }>();
  const latency = new Map<number, number>();
  let total = 0;
  for (const g of groups) {
    total += g.n;
    add(byStatus, g.status, g.n);
    add(byOutcome, g.outcome, g.n);
    if (g.status === "fail_open") add(byReason, g.reason, g.n);
    getOrCreate(byDay, `${g.day}\0${g.status}`, () => ({ day: g.day, status: g.status, count: 0 })).count += g.n;
    getOrCreate(byDayOutcome, `${g.day}\0${g.outcome}`, () => ({ day: g.day, outcome: g.outcome, count: 0 })).count += g.n;
    latency.set(g.latencyMs, (latency.get(g.latencyMs) ?? 0) + g.n);
  }
  const byDayOrder = <T extends { day: string }>(rows: Iterable<T>) => [...rows].sort((a, b) => a.day.localeCompare(b.day));
  return {
    total,
    byStatus: Object.fromEntries(byStatus),
    byOutcome: Object.fromEntries(byOutcome),
    byReason: Object.fromEntries(byReason),
    byDay: byDayOrder(byDay.values()),
    byDayOutcome: byDayOrder(byDayOutcome.values()),
    latencyMs: { p50: histogramPercentile(latency, total, 50), p90: histogramPercentile(latency, total, 90), p99: histogramPercentile(latency, total, 99) },
  };
}

/** Delete the rollups of hours before `cutoffHour` (retention removes the rows of those hours). */
export async function deleteRollupsBefore(db: Db, cutoffHour: number): Promise<void> {
  const { decisionRollups, judgeRollups } = db.jev.t;
  await inTransaction(db, async (tx) => {
    await tx.delete(decisionRollups).where(lt(decisionRollups.hour, cutoffHour));
    await tx.delete(judgeRollups).where(lt(judgeRollups.hour, cutoffHour));
  });
}
