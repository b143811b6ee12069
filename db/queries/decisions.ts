import { and, asc, count, eq, sql } from "drizzle-orm";
import { getOrCreate } from "../../lib/collections";
import { UNKNOWN_REASON } from "../../lib/vocab/reason-codes";
import type { Db } from "../client";
import { decisions, type NewDecisionRow } from "../schema";
import { type DecisionFilter, decisionWhere } from "./decision-filters";

/** A prepared insert per handle: building and preparing the SQL each time cost ~0.3 ms per decision. */
const preparedInserts = new WeakMap<Db, ReturnType<typeof prepareInsert>>();

function prepareInsert(db: Db) {
  const p = (name: keyof NewDecisionRow) => sql.placeholder(name);
  return db
    .insert(decisions)
    .values({
      at: p("at"),
      day: p("day"),
      status: p("status"),
      outcome: p("outcome"),
      reasonCode: p("reasonCode"),
      needsSkill: p("needsSkill"),
      latencyMs: p("latencyMs"),
      requests: p("requests"),
      catalogSize: p("catalogSize"),
      skillsReturned: p("skillsReturned"),
      skillsDropped: p("skillsDropped"),
      judge: p("judge"),
      channel: p("channel"),
      stageOneMs: p("stageOneMs"),
      stageTwoMs: p("stageTwoMs"),
      sessionId: p("sessionId"),
      agent: p("agent"),
      reportsLoads: p("reportsLoads"),
      suggestedSkill: p("suggestedSkill"),
      suggestedMatch: p("suggestedMatch"),
    })
    .prepare();
}

export function insertDecision(db: Db, row: NewDecisionRow): number {
  const insert = getOrCreate(preparedInserts, db, () => prepareInsert(db));
  const defaults = {
    reasonCode: null,
    needsSkill: null,
    skillsDropped: 0,
    stageOneMs: null,
    stageTwoMs: null,
    sessionId: null,
    agent: null,
    suggestedSkill: null,
    suggestedMatch: null,
  };
  // Placeholders bind raw values: booleans go in as SQLite integers.
  return Number(insert.run({ ...defaults, ...row, reportsLoads: row.reportsLoads ? 1 : 0 }).lastInsertRowid);
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
  latencyMs: { p50: number | null; p90: number | null; p99: number | null };
}

/** Counts and latency percentiles for the Decisions page and `GET /api/decisions/summary`. */
export function summarizeDecisions(db: Db, f: DecisionFilter): DecisionSummary {
  const w = decisionWhere(f);
  const byStatusRows = db.select({ key: decisions.status, n: count() }).from(decisions).where(w).groupBy(decisions.status).all();
  const byOutcomeRows = db.select({ key: decisions.outcome, n: count() }).from(decisions).where(w).groupBy(decisions.outcome).all();
  const byReasonRows = db
    .select({ key: decisions.reasonCode, n: count() })
    .from(decisions)
    .where(and(w, eq(decisions.status, "fail_open")))
    .groupBy(decisions.reasonCode)
    .all();
  const byDay = db
    .select({ day: decisions.day, status: decisions.status, count: count() })
    .from(decisions)
    .where(w)
    .groupBy(decisions.day, decisions.status)
    .orderBy(asc(decisions.day))
    .all();
  const byDayOutcome = db
    .select({ day: decisions.day, outcome: decisions.outcome, count: count() })
    .from(decisions)
    .where(w)
    .groupBy(decisions.day, decisions.outcome)
    .orderBy(asc(decisions.day))
    .all();
  const total = byStatusRows.reduce((s, r) => s + r.n, 0);
  return {
    total,
    byStatus: Object.fromEntries(byStatusRows.map((r) => [r.key, r.n])),
    byOutcome: Object.fromEntries(byOutcomeRows.map((r) => [r.key, r.n])),
    byReason: Object.fromEntries(byReasonRows.map((r) => [r.key ?? UNKNOWN_REASON, r.n])),
    byDay,
    byDayOutcome,
    latencyMs: {
      p50: latencyPercentile(db, f, total, 50),
      p90: latencyPercentile(db, f, total, 90),
      p99: latencyPercentile(db, f, total, 99),
    },
  };
}

/** Nearest-rank percentile of the latency of the rows matching `f`, computed in the database. */
function latencyPercentile(db: Db, f: DecisionFilter, total: number, p: number): number | null {
  if (total === 0) return null;
  const offset = Math.min(total, Math.max(1, Math.ceil((p / 100) * total))) - 1;
  const row = db.select({ v: decisions.latencyMs }).from(decisions).where(decisionWhere(f)).orderBy(asc(decisions.latencyMs)).limit(1).offset(offset).get();
  return row?.v ?? null;
}
