import { type Column, getTableColumns, inArray, type SQL, sql, type Table } from "drizzle-orm";
import { getOrCreate } from "../../lib/base/collections";
import { isPending, type MaybePromise } from "../../lib/base/maybe-promise";
import { DAY_MS, HOUR_MS } from "../../lib/base/time";
import { latencyBucket } from "../../lib/vocab/latency-buckets";
import type { Db, Tables } from "../client";
import { inTransaction, isPostgres, retriedOnConflict } from "../dialect";
import type { NewDecisionRow } from "../schema";
import { columnList, qualified, recordset, tableOf } from "./array-recordset";
import { type CandidateRow, hourNoted, insertCandidates, insertCandidatesOnSqlite, knownSkillRefs, noteHour } from "./decision-candidates";
import { insertDecision, insertDecisionOnSqlite, judgeMsOf, reasonKey } from "./decisions";
import { namedStatement } from "./named-statement";
import { SkillRefIds } from "./skill-ref-ids";
import { insertSuggestion, insertSuggestionOnSqlite, suggestionDaysOnConflict } from "./suggestions";

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
  if (isPostgres(tx)) return (await insertDecisionBatch(tx, writes)).ids;
  const ids: number[] = [];
  for (const w of writes) {
    const id = writeDecisionOnSqlite(tx, w);
    ids.push(isPending(id) ? await id : id);
  }
  return ids;
}

/** One decision on SQLite, in the caller's turn: a promise only when a candidate's skill is new to the cache. */
function writeDecisionOnSqlite(tx: Db, w: DecisionWrite): MaybePromise<number> {
  const decisionId = insertDecisionOnSqlite(tx, w.row);
  const suggest = () => {
    if (w.suggestion) insertSuggestionOnSqlite(tx, suggestionRow(w, w.suggestion, decisionId));
    return decisionId;
  };
  const candidates = insertCandidatesOnSqlite(tx, decisionId, w.row.at, w.candidates);
  return candidates ? candidates.then(suggest) : suggest();
}

/**
 * A group of decisions, all written or none, outside any transaction of the
 * caller's: on PostgreSQL one statement (atomic by itself, so the group costs
 * one round trip; run again if it loses a deadlock), on SQLite one
 * transaction of row-by-row writes. Returns the ids in the order given.
 */
export async function writeDecisionGroup(db: Db, writes: readonly DecisionWrite[]): Promise<number[]> {
  if (!isPostgres(db)) return inTransaction(db, (tx) => writeDecisions(tx, writes));
  const written = await retriedOnConflict(() => insertDecisionBatch(db, writes));
  // Committed (one statement, no transaction around it): its skill hours need not be written again.
  for (const h of written.hours) noteHour(db, h.skillRefId, h.hour);
  return written.ids;
}

/** One decision: its row, its candidates and its suggestion row, inside the caller's transaction. */
export async function writeDecision(tx: Db, w: DecisionWrite): Promise<number> {
  if (!isPostgres(tx)) return writeDecisionOnSqlite(tx, w);
  const decisionId = await insertDecision(tx, w.row);
  await insertCandidates(tx, decisionId, w.row.at, w.candidates);
  if (w.suggestion) await insertSuggestion(tx, suggestionRow(w, w.suggestion, decisionId));
  return decisionId;
}

/** A decision's suggestion row. */
function suggestionRow(w: DecisionWrite, suggestion: NonNullable<DecisionWrite["suggestion"]>, decisionId: number) {
  return { decisionId, at: w.row.at, sessionId: w.row.sessionId ?? null, skill: suggestion.skill, reportsLoads: suggestion.reportsLoads };
}

/**
 * A group of decisions written with ONE atomic statement on PostgreSQL (rows as arrays per column,
 * array-recordset.ts, inserted by a chain of data-modifying CTEs); it joins the caller's transaction if any.
 * Returns the decisions' ids in the order given, and the skill hours it wrote.
 */
// SQLite writes row by row through its prepared statements, which cost less than building this. Aggregates are
// summed here and upserted in key order, so instances writing the same rows take their locks in the same order.
// Skill refs not seen before cost two statements more, once.
async function insertDecisionBatch(tx: Db, writes: readonly DecisionWrite[]): Promise<{ ids: number[]; hours: { skillRefId: number; hour: number }[] }> {
  if (writes.length === 0) return { ids: [], hours: [] };
  const refs = await refIdsOf(
    tx,
    writes.flatMap((w) => w.candidates),
  );
  // Hours this process has noted exist: upserting them again was ten index probes a decision.
  const hours = hourRows(writes, refs, (skillRefId, hour) => hourNoted(tx, skillRefId, hour));
  const b = batchShape(tx.jev.t);
  const parts: BatchRows = {
    c: candidateRows(writes, refs),
    s: suggestionRows(writes),
    r: rollupRows(writes),
    j: judgeRows(writes),
    h: hours,
    x: suppressedRows(writes),
    g: suggestionDayRows(writes),
  };
  const present = PARTS.filter((part) => parts[part].length > 0);
  const values = b.d.encode(writes.map((w, ord) => ({ ...w.row, ord })));
  for (const part of present) Object.assign(values, b[part].encode(parts[part]));
  const rows = await batchStatement(present.join(""))(tx, values);
  return { ids: rows.map((row) => Number(row.id)), hours };
}

/** The parts of the batch statement after the decisions themselves, each a recordset of its own, in the order they are written. */
const PARTS = ["c", "s", "r", "j", "h", "x", "g"] as const;
type Part = (typeof PARTS)[number];
type BatchRows = Record<Part, readonly Record<string, unknown>[]>;
const CTE_NAMES: Record<Part, string> = { c: "candidates", s: "suggestions", r: "rollups", j: "judged", h: "hours", x: "suppressed", g: "days" };

/** The batch statement's recordsets (one placeholder per column) and the CTE each part is written with; built once per schema. */
// copy-local: a pure memo keyed by the schema object.
const shapes = new WeakMap<Tables, ReturnType<typeof buildBatchShape>>();
const batchShape = (t: Tables) => getOrCreate(shapes, t, () => buildBatchShape(t));

function buildBatchShape(t: Tables) {
  const ord = [{ name: "ord", type: "integer" }];
  const { decisionRollups: rt, judgeRollups: jt, skillHours: ht, suppressionDays: xt, suggestionDays: gt } = t;
  const d = recordset(t.decisions, "d", { extra: ord });
  const childOf = (table: Table, alias: string) => {
    const rs = recordset(table, alias, { omit: ["decisionId"], extra: ord });
    const statement = sql`INSERT INTO ${tableOf(table)} (decision_id, ${columnList(rs.names)}) SELECT ids.id, ${qualified(alias, rs.names)} FROM ${rs.from} JOIN ids ON ids.ord = ${sql.identifier(alias)}.ord`;
    return { statement, encode: rs.encode };
  };
  const c = childOf(t.decisionCandidates, "c");
  const s = childOf(t.suggestions, "s");
  const r = upsert(rt, "r", [rt.hour, rt.status, rt.outcome, rt.reason, rt.latencyMs], { count: sql`${rt.count} + excluded.count` });
  const j = upsert(jt, "j", [jt.hour, jt.judgeMs], { count: sql`${jt.count} + excluded.count`, requests: sql`${jt.requests} + excluded.requests` });
  const h = upsert(ht, "h", [ht.skillRefId, ht.hour], null);
  const x = upsert(xt, "x", [xt.skill, xt.day], { count: sql`${xt.count} + excluded.count` });
  const g = upsert(gt, "g", [gt.skill, gt.day], suggestionDaysOnConflict(gt));
  const decisions = sql`inserted AS (
      INSERT INTO ${tableOf(t.decisions)} (${columnList(d.names)}) SELECT ${qualified("d", d.names)} FROM ${d.from} ORDER BY d.ord RETURNING id
    ), ids AS (
      SELECT id, (row_number() OVER (ORDER BY id) - 1)::integer AS ord FROM inserted
    )`;
  const partsOf = { c, s, r, j, h, x, g };
  /** The statement that writes the decisions and the parts named (the others have no rows). */
  const statement = (present: readonly Part[]) =>
    sql`WITH ${decisions}${sql.join(
      present.map((part) => sql`, ${sql.raw(CTE_NAMES[part])} AS (${partsOf[part].statement})`),
      sql``,
    )} SELECT id FROM ids ORDER BY ord`;
  return { d, ...partsOf, statement };
}

/**
 * The statement for the parts that have rows, named by them: a part with no rows is left out rather than sent empty,
 * since PostgreSQL sets up every part's plan on each execution, and most groups have no suggestion, hour or day rows.
 * A connection prepares each text once; there are at most 2^7 of them, a handful in practice (figures:
 * db/hot/README.md).
 */
// copy-local: statements are prepared per connection by whichever copy writes; each prepares its own once (db/hot/README.md).
const statements = new Map<string, (db: Db, values: Record<string, unknown>) => Promise<{ id: number | string }[]>>();
const batchStatement = (present: string) =>
  getOrCreate(statements, present, () =>
    namedStatement<{ id: number | string }>(`jev_decision_batch_v2_${present}`, (db) => batchShape(db.jev.t).statement([...present] as Part[])),
  );

/**
 * `INSERT … SELECT` of a recordset named `alias` into `table`, then on a
 * clash of `target` the `set` expressions (keyed as the table is), or
 * nothing when `set` is null. (`WHERE true` keeps ON CONFLICT from reading
 * as part of the FROM clause.)
 */
function upsert(table: Table, alias: string, target: readonly Column[], set: Record<string, SQL> | null) {
  const rs = recordset(table, alias);
  const columns = getTableColumns(table);
  const action = set
    ? sql`DO UPDATE SET ${sql.join(
        Object.entries(set).map(([key, value]) => sql`${sql.identifier(columns[key].name)} = ${value}`),
        sql`, `,
      )}`
    : sql`DO NOTHING`;
  const statement = sql`INSERT INTO ${tableOf(table)} (${columnList(rs.names)}) SELECT ${qualified(alias, rs.names)} FROM ${rs.from} WHERE true ON CONFLICT (${columnList(target.map((col) => col.name))}) ${action}`;
  return { statement, encode: rs.encode };
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

const hourOf = (at: number) => at - (at % HOUR_MS);

/** decision_rollups: decisions counted per hour, status, outcome, reason and latency bucket. */
function rollupRows(writes: readonly DecisionWrite[]) {
  return summed(
    writes.map(({ row }) => {
      const v = {
        hour: hourOf(row.at),
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
}

/** judge_rollups: the judged decisions per hour and judge-time bucket, with their requests. */
function judgeRows(writes: readonly DecisionWrite[]) {
  return summed(
    writes.flatMap(({ row }) => {
      const judgeMs = judgeMsOf(row);
      if (judgeMs === null) return [];
      const v = { hour: hourOf(row.at), day: row.day, judgeMs: latencyBucket(judgeMs), count: 1, requests: row.requests };
      return [[JSON.stringify([v.hour, v.judgeMs]), v] as [string, typeof v]];
    }),
    (a, b) => {
      a.count += b.count;
      a.requests += b.requests;
    },
  );
}

/** decision_candidates, each with the index of its decision (`ord`) in place of the id it does not have yet. */
function candidateRows(writes: readonly DecisionWrite[], refs: SkillRefIds) {
  return writes.flatMap((w, ord) =>
    w.candidates.map((c, rank) => ({ ord, rank, skillRefId: refs.get(c.name, c.path)!, score: c.score, match: c.match, verdict: c.verdict, detail: c.detail })),
  );
}

/** skill_hours: each candidate skill once per hour it was ranked in, but for those `noted` says were written already. */
function hourRows(writes: readonly DecisionWrite[], refs: SkillRefIds, noted: (skillRefId: number, hour: number) => boolean) {
  const fresh: [string, { skillRefId: number; hour: number }][] = [];
  for (const w of writes) {
    const hour = hourOf(w.row.at);
    for (const c of w.candidates) {
      const skillRefId = refs.get(c.name, c.path)!;
      // Checked before the key is built: after an hour's first groups nearly every pair is noted.
      if (!noted(skillRefId, hour)) fresh.push([JSON.stringify([hour, skillRefId]), { skillRefId, hour }]);
    }
  }
  return summed(fresh, () => {});
}

/** suppression_days: rule 2's holds per skill and day. */
function suppressedRows(writes: readonly DecisionWrite[]) {
  return summed(
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
}

/** suggestions, each with the index of its decision (`ord`). */
function suggestionRows(writes: readonly DecisionWrite[]) {
  return writes.flatMap((w, ord) =>
    w.suggestion ? [{ ord, at: w.row.at, sessionId: w.row.sessionId ?? null, skill: w.suggestion.skill, reportsLoads: w.suggestion.reportsLoads }] : [],
  );
}

/** suggestion_days: suggestions to clients that report loads, per skill and day (rule 2's aggregate). */
function suggestionDayRows(writes: readonly DecisionWrite[]) {
  return summed(
    writes
      .filter((w) => w.suggestion?.reportsLoads)
      .map((w) => {
        const v = { skill: w.suggestion!.skill, day: Math.floor(w.row.at / DAY_MS), suggestions: 1, loads: 0, lastAt: w.row.at };
        return [JSON.stringify([v.skill, v.day]), v] as [string, typeof v];
      }),
    (a, b) => {
      a.suggestions += b.suggestions;
      a.lastAt = Math.max(a.lastAt, b.lastAt);
    },
  );
}

/** The ids of the candidates' (name, path) pairs: from the cache, else inserted (once) and read back in one query. */
async function refIdsOf(tx: Db, candidates: readonly { name: string; path: string }[]): Promise<SkillRefIds> {
  const { skillRefs } = tx.jev.t;
  const cache = knownSkillRefs(tx);
  const out = new SkillRefIds();
  const missing = new Map<string, { name: string; path: string }>();
  for (const c of candidates) {
    const id = cache.get(c.name, c.path);
    if (id !== undefined) out.set(c.name, c.path, id);
    else missing.set(`${c.name}\0${c.path}`, { name: c.name, path: c.path });
  }
  if (missing.size === 0) return out;
  const pairs = [...missing.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([, v]) => v);
  await tx.insert(skillRefs).values(pairs).onConflictDoNothing();
  const names = [...new Set(pairs.map((p) => p.name))];
  const found = await tx.select().from(skillRefs).where(inArray(skillRefs.name, names));
  for (const r of found) {
    if (!missing.has(`${r.name}\0${r.path}`)) continue;
    out.set(r.name, r.path, r.id);
    cache.set(r.name, r.path, r.id);
  }
  return out;
}
