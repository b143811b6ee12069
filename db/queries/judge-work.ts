import { and, count, gte, isNotNull, lt, sql } from "drizzle-orm";
import { getOrCreate } from "../../lib/base/collections";
import { histogramPercentile, latencyBucket } from "../../lib/vocab/latency-buckets";
import type { Db } from "../client";
import { type DecisionFilter, decisionWhere, groupsOverRange } from "./decision-filters";

/** What asking the judge cost over a range: turns that reached it, requests per turn, its latency (both stages). */
export interface JudgeWork {
  turns: number;
  requestsPerTurn: number | null;
  latencyMs: { p50: number | null; p95: number | null };
  byDay: { day: string; turns: number; requestsPerTurn: number | null; p50: number | null; p95: number | null }[];
}

interface Group {
  day: string;
  judgeMs: number;
  n: number;
  requests: number;
}

/** Groups from the rows (range edges; skill and session filters, which the rollups do not have). */
async function rawGroups(db: Db, f: DecisionFilter): Promise<Group[]> {
  const { decisions } = db.jev.t;
  const judgeMs = sql<number>`${decisions.stageOneMs} + coalesce(${decisions.stageTwoMs}, 0)`.mapWith(Number);
  const rows = await db
    .select({ day: decisions.day, judgeMs, n: count(), requests: sql<number>`sum(${decisions.requests})`.mapWith(Number) })
    .from(decisions)
    .where(and(decisionWhere(db, f), isNotNull(decisions.stageOneMs)))
    .groupBy(decisions.day, judgeMs);
  return rows.map((g) => ({ ...g, judgeMs: latencyBucket(g.judgeMs) }));
}

async function rollupGroups(db: Db, fromHour: number, toHour: number): Promise<Group[]> {
  const { judgeRollups } = db.jev.t;
  return db
    .select({
      day: judgeRollups.day,
      judgeMs: judgeRollups.judgeMs,
      n: sql<number>`sum(${judgeRollups.count})`.mapWith(Number),
      requests: sql<number>`sum(${judgeRollups.requests})`.mapWith(Number),
    })
    .from(judgeRollups)
    .where(and(gte(judgeRollups.hour, fromHour), lt(judgeRollups.hour, toHour)))
    .groupBy(judgeRollups.day, judgeRollups.judgeMs);
}

/**
 * Requests per turn and judge latency (p50, p95) per day and over the range,
 * for the turns that reached the judge. Whole hours from the judge rollups,
 * the partial hours at the ends and any skill or session filter from the rows
 * (as the decision summary does). Status, outcome and reason filters do not apply.
 */
export async function summarizeJudgeWork(db: Db, filter: DecisionFilter): Promise<JudgeWork> {
  const f: DecisionFilter = { from: filter.from, to: filter.to, skill: filter.skill, session: filter.session };
  const groups = await groupsOverRange(
    db,
    f,
    (part) => rawGroups(db, part),
    (fromHour, toHour) => rollupGroups(db, fromHour, toHour),
  );
  const days = new Map<string, { turns: number; requests: number; latency: Map<number, number> }>();
  const all = { turns: 0, requests: 0, latency: new Map<number, number>() };
  for (const g of groups) {
    for (const into of [getOrCreate(days, g.day, () => ({ turns: 0, requests: 0, latency: new Map<number, number>() })), all]) {
      into.turns += g.n;
      into.requests += g.requests;
      into.latency.set(g.judgeMs, (into.latency.get(g.judgeMs) ?? 0) + g.n);
    }
  }
  const perTurn = (x: { turns: number; requests: number }) => (x.turns ? Math.round((x.requests / x.turns) * 100) / 100 : null);
  return {
    turns: all.turns,
    requestsPerTurn: perTurn(all),
    latencyMs: { p50: histogramPercentile(all.latency, all.turns, 50), p95: histogramPercentile(all.latency, all.turns, 95) },
    byDay: [...days.entries()]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([day, d]) => ({
        day,
        turns: d.turns,
        requestsPerTurn: perTurn(d),
        p50: histogramPercentile(d.latency, d.turns, 50),
        p95: histogramPercentile(d.latency, d.turns, 95),
      })),
  };
}
