import { inArray, sql } from "drizzle-orm";
import { latencyBucket } from "../../lib/decisions/latency-buckets";
import { DAY_MS, HOUR_MS } from "../../lib/time";
import type { Db } from "../client";
import { isPostgres } from "../dialect";
import type { NewDecisionRow } from "../schema";
import { type CandidateRow, insertCandidates, knownSkillRefs } from "./decision-candidates";
import { insertDecision, judgeMsOf, reasonKey } from "./decisions";
import { addToSuggestionDays, insertSuggestion } from "./suggestions";

/** One decision as the log writes it: its row, its candidates and the suggestion it made. */
export interface DecisionWrite {
  row: NewDecisionRow;
  candidates: Omit<CandidateRow, "rank">[];
  suggestion: { skill: string; reportsLoads: boolean } | null;
}

/**
 * Decisions written inside the caller's transaction the way each database
 * does best: on PostgreSQL a few statements of many rows (each statement is
 * a round trip), on SQLite row by row through prepared statements. Returns
 * the decisions' ids in the order given.
 */
export async function writeDecisions(tx: Db, writes: readonly DecisionWrite[]): Promise<number[]> {
  if (isPostgres(tx)) return insertDecisionBatch(tx, writes);
  const ids: number[] = [];
  for (const w of writes) ids.push(await writeDecision(tx, w));
  return ids;
}

/** One decision: its row, its candidates and its suggestion row, inside the caller's transaction. */
export async function writeDecision(tx: Db, w: DecisionWrite): Promise<number> {
  const at = w.row.at;
  const decisionId = await insertDecision(tx, w.row);
  await insertCandidates(tx, decisionId, at, w.candidates);
  if (w.suggestion)
    await insertSuggestion(tx, { decisionId, at, sessionId: w.row.sessionId ?? null, skill: w.suggestion.skill, reportsLoads: w.suggestion.reportsLoads });
  return decisionId;
}

/** Rows per INSERT: far below PostgreSQL's 65,535 bound parameters for the widest table. */
const CHUNK = 500;

/**
 * A group of decisions written with a few statements each of many rows,
 * inside the caller's transaction: PostgreSQL's way of the log, where every
 * statement is a round trip (SQLite writes row by row through its prepared
 * statements, which cost less than building these). The aggregates are
 * summed here first and upserted in key order, so instances writing the same
 * rows at once take their locks in the same order. Returns the decisions' ids
 * in the order given.
 */
export async function insertDecisionBatch(tx: Db, writes: readonly DecisionWrite[]): Promise<number[]> {
  if (writes.length === 0) return [];
  const t = tx.jev.t;
  const ids: number[] = [];
  for (let i = 0; i < writes.length; i += CHUNK) {
    const part = writes.slice(i, i + CHUNK);
    const inserted = await tx
      .insert(t.decisions)
      .values(part.map((w) => w.row))
      .returning({ id: t.decisions.id });
    // Identity values are taken row by row in VALUES order: the ids, ascending, are the rows' in order.
    ids.push(...inserted.map((r) => r.id).sort((a, b) => a - b));
  }
  await countDecisions(tx, writes);
  await writeCandidates(tx, writes, ids);
  await writeSuggestions(tx, writes, ids);
  return ids;
}

/** Sum rows under string keys, then give them back in key order. */
function summed<V>(entries: Iterable<[string, V]>, add: (into: V, more: V) => void): V[] {
  const byKey = new Map<string, V>();
  for (const [key, value] of entries) {
    const seen = byKey.get(key);
    if (seen) add(seen, value);
    else byKey.set(key, { ...value });
  }
  return [...byKey.keys()].sort().map((k) => byKey.get(k)!);
}

async function countDecisions(tx: Db, writes: readonly DecisionWrite[]) {
  const { decisionRollups: r, judgeRollups: j } = tx.jev.t;
  const rollups = summed(
    writes.map(({ row }) => {
      const v = {
        hour: row.at - (row.at % HOUR_MS),
        day: row.day,
        status: row.status,
        outcome: row.outcome,
        reason: reasonKey(row.status, row.reasonCode),
        latencyMs: latencyBucket(row.latencyMs),
        count: 1,
      };
      return [JSON.stringify([v.hour, v.status, v.outcome, v.reason, v.latencyMs]), v] as [string, typeof v];
    }),
    (a, b) => {
      a.count += b.count;
    },
  );
  await tx
    .insert(r)
    .values(rollups)
    .onConflictDoUpdate({ target: [r.hour, r.status, r.outcome, r.reason, r.latencyMs], set: { count: sql`${r.count} + excluded.count` } });
  const judged = summed(
    writes.flatMap(({ row }) => {
      const judgeMs = judgeMsOf(row);
      if (judgeMs === null) return [];
      const v = { hour: row.at - (row.at % HOUR_MS), day: row.day, judgeMs: latencyBucket(judgeMs), count: 1, requests: row.requests };
      return [[JSON.stringify([v.hour, v.judgeMs]), v] as [string, typeof v]];
    }),
    (a, b) => {
      a.count += b.count;
      a.requests += b.requests;
    },
  );
  if (judged.length)
    await tx
      .insert(j)
      .values(judged)
      .onConflictDoUpdate({ target: [j.hour, j.judgeMs], set: { count: sql`${j.count} + excluded.count`, requests: sql`${j.requests} + excluded.requests` } });
}

async function writeCandidates(tx: Db, writes: readonly DecisionWrite[], ids: readonly number[]) {
  const { decisionCandidates, skillHours, suppressionDays: x } = tx.jev.t;
  const refs = await refIdsOf(
    tx,
    writes.flatMap((w) => w.candidates),
  );
  const rows = writes.flatMap((w, i) =>
    w.candidates.map((c, rank) => ({
      decisionId: ids[i],
      rank,
      skillRefId: refs.get(`${c.name}\0${c.path}`)!,
      score: c.score,
      match: c.match,
      verdict: c.verdict,
      detail: c.detail,
    })),
  );
  for (let i = 0; i < rows.length; i += CHUNK) await tx.insert(decisionCandidates).values(rows.slice(i, i + CHUNK));
  const hours = summed(
    writes.flatMap((w) =>
      w.candidates.map((c) => {
        const v = { skillRefId: refs.get(`${c.name}\0${c.path}`)!, hour: w.row.at - (w.row.at % HOUR_MS) };
        return [JSON.stringify([v.hour, v.skillRefId]), v] as [string, typeof v];
      }),
    ),
    () => {},
  );
  for (let i = 0; i < hours.length; i += CHUNK)
    await tx
      .insert(skillHours)
      .values(hours.slice(i, i + CHUNK))
      .onConflictDoNothing();
  const suppressed = summed(
    writes.flatMap((w) =>
      w.candidates
        .filter((c) => c.verdict === "suppressed")
        .map((c) => {
          const v = { skill: c.name, day: Math.floor(w.row.at / DAY_MS), count: 1 };
          return [JSON.stringify([v.skill, v.day]), v] as [string, typeof v];
        }),
    ),
    (a, b) => {
      a.count += b.count;
    },
  );
  if (suppressed.length)
    await tx
      .insert(x)
      .values(suppressed)
      .onConflictDoUpdate({ target: [x.skill, x.day], set: { count: sql`${x.count} + excluded.count` } });
}

/** The ids of the candidates' (name, path) pairs: from the cache, else inserted (once) and read back in one query. */
async function refIdsOf(tx: Db, candidates: readonly { name: string; path: string }[]): Promise<Map<string, number>> {
  const { skillRefs } = tx.jev.t;
  const cache = knownSkillRefs(tx);
  const out = new Map<string, number>();
  const missing = new Map<string, { name: string; path: string }>();
  for (const c of candidates) {
    const key = `${c.name}\0${c.path}`;
    const id = cache.get(key);
    if (id !== undefined) out.set(key, id);
    else missing.set(key, { name: c.name, path: c.path });
  }
  if (missing.size === 0) return out;
  const pairs = [...missing.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([, v]) => v);
  await tx.insert(skillRefs).values(pairs).onConflictDoNothing();
  const names = [...new Set(pairs.map((p) => p.name))];
  const found = await tx.select().from(skillRefs).where(inArray(skillRefs.name, names));
  for (const r of found) {
    const key = `${r.name}\0${r.path}`;
    if (!missing.has(key)) continue;
    out.set(key, r.id);
    cache.set(key, r.id);
  }
  return out;
}

async function writeSuggestions(tx: Db, writes: readonly DecisionWrite[], ids: readonly number[]) {
  const { suggestionDays: d, suggestions } = tx.jev.t;
  const rows = writes.flatMap((w, i) =>
    w.suggestion
      ? [{ decisionId: ids[i], at: w.row.at, sessionId: w.row.sessionId ?? null, skill: w.suggestion.skill, reportsLoads: w.suggestion.reportsLoads }]
      : [],
  );
  if (rows.length === 0) return;
  await tx.insert(suggestions).values(rows);
  const days = summed(
    rows
      .filter((r) => r.reportsLoads)
      .map((r) => {
        const v = { skill: r.skill, day: Math.floor(r.at / DAY_MS), suggestions: 1, loads: 0, lastAt: r.at };
        return [JSON.stringify([v.skill, v.day]), v] as [string, typeof v];
      }),
    (a, b) => {
      a.suggestions += b.suggestions;
      a.lastAt = Math.max(a.lastAt, b.lastAt);
    },
  );
  if (days.length) await tx.insert(d).values(days).onConflictDoUpdate(addToSuggestionDays(tx));
}
