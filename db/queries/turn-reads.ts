import { eq, type SQLWrapper, sql } from "drizzle-orm";
import { getOrCreate } from "../../lib/base/collections";
import { DEFAULT_GATHER_MS, GroupCommit } from "../../lib/base/group-commit";
import { isPending, type MaybePromise } from "../../lib/base/maybe-promise";
import { processWide } from "../../lib/base/process-state";
import { DAY_MS } from "../../lib/base/time";
import type { RulesConfig } from "../../lib/rules/config";
import type { ShownWindow } from "../../lib/rules/suggestion-rules";
import type { Db } from "../client";
import { isPostgres } from "../dialect";
import { namedStatement } from "./named-statement";
import { ruleTwoWindows } from "./shown-history";
import { sessionReportsOnHotPath } from "./suggestions";
import { foldWindows, type WindowPart, windowEdges, windowQueries } from "./suppression";

/** What a session has reported: the skills it loaded (rule 1), and whether it reports at all. */
export interface SessionReports {
  loaded: string[];
  reportsLoads: boolean;
}

export interface TurnReads {
  /** Null when no session was asked about. */
  reports: SessionReports | null;
  /** Rule 2's windows of the names asked about (a name never shown is absent). */
  windows: ReadonlyMap<string, ShownWindow>;
}

/** One turn's ask, as the grouped read takes it. */
export interface TurnAsk {
  sessionId?: string;
  names: readonly string[];
  now: number;
  rules: RulesConfig;
  /** When the turn began, on `performance.now()` (sqlite-read-cache.ts). */
  began?: number;
}

type TurnRow = { i: number; reports: { skill: string; event: string }[]; whole: WindowPart[]; edge: WindowPart[] };

/**
 * Several turns' reads in one statement: the asks travel as one json recordset `t`, and each row of it gets its
 * session's reports and rule 2's windows of its names, as three JSON arrays (a NULL session reads no reports; no
 * names, no windows). One text for every group, so each connection prepares it once.
 */
const readStatement = namedStatement<TurnRow>("jev_turn_reads_v3", (db) => {
  const { feedback: f } = db.jev.t;
  const t = (column: string) => sql.raw(`t.${column}`);
  const reports = db
    .selectDistinct({ skill: f.skill, event: f.event })
    .from(f)
    .where(eq(f.sessionId, t("session_id")));
  const edges = { windowStart: t("window_start"), edgeDay: t("edge_day"), today: t("today"), edgeEnd: t("edge_end") };
  const { whole, edge } = windowQueries(db, edges, (skill) => sql`${skill} = ANY(t.names)`);
  const asJson = (query: SQLWrapper) => sql`(SELECT coalesce(json_agg(q), '[]'::json) FROM (${query}) q)`;
  // json, not jsonb: read once, it need not be parsed into a tree first. Not one array per column either: the planner
  // sees through arrays, and its custom plans came out cheaper than the generic one, so every read was planned afresh.
  const asks = sql`json_to_recordset(${sql.placeholder("asks")}::json) AS t(i integer, session_id text, names text[], window_start bigint, edge_day integer, today integer, edge_end bigint)`;
  return sql`SELECT t.i, ${asJson(reports)} AS reports, ${asJson(whole)} AS whole, ${asJson(edge)} AS edge FROM ${asks}`;
});

/** The asks of the turns waiting for a read, per database, process-wide (the front door's copy of this module and Next's share them). */
const groups = processWide("jev.turnReadGroups", () => new Map<string, GroupCommit<{ db: Db; ask: TurnAsk }, TurnReads>>());

/**
 * What a turn reads of the database once its finalists are known: the session's reports and rule 2's windows of
 * `names`. A read never starts before it was asked for, so it sees every write acknowledged before then.
 */
// On PostgreSQL the turns that ask while a read is under way are read together, with the next statement
// (lib/base/group-commit.ts): a round trip costs more than the rows, so under load a read also waits a few ms
// for as many asks as the last one had. On SQLite the reports are a prepared statement and the windows come from
// the process's short-lived history (shown-history.ts).
export function readForTurn(db: Db, ask: TurnAsk): MaybePromise<TurnReads> {
  const { sessionId, names, now, rules, began } = ask;
  if (!isPostgres(db)) {
    // Both are in memory on nearly every turn: then the reads are answered in the caller's turn, with no promise.
    const reports = sessionId ? sessionReportsOnHotPath(db, sessionId, began) : null;
    const windows = ruleTwoWindows(db, now, rules)(names);
    if (isPending(reports) || isPending(windows)) return Promise.all([reports, windows]).then(([r, w]) => ({ reports: r, windows: w }));
    return { reports, windows };
  }
  if (!sessionId && names.length === 0) return { reports: null, windows: new Map() };
  return readGroupOf(db).add({ db, ask });
}

/** This database's queue of asks; each item carries its handle, so a handle opened again on the same database is the one used. */
function readGroupOf(db: Db): GroupCommit<{ db: Db; ask: TurnAsk }, TurnReads> {
  const readItems = (items: { db: Db; ask: TurnAsk }[]) =>
    readTurns(
      items[0].db,
      items.map((x) => x.ask),
    );
  return getOrCreate(groups, db.jev.key, () => new GroupCommit(readItems, { gatherMs: DEFAULT_GATHER_MS }));
}

/** Several turns' reads, one statement; answers in the order asked. */
async function readTurns(db: Db, asks: readonly TurnAsk[]): Promise<TurnReads[]> {
  const rows = await readStatement(db, {
    asks: JSON.stringify(
      asks.map((a, i) => {
        const e = windowEdges(a.now - a.rules.suppression.window_days * DAY_MS, a.now);
        return { i, session_id: a.sessionId ?? null, names: a.names, window_start: e.windowStart, edge_day: e.edgeDay, today: e.today, edge_end: e.edgeEnd };
      }),
    ),
  });
  const byAsk = new Map(rows.map((r) => [Number(r.i), r]));
  return asks.map((a, i) => {
    const row = byAsk.get(i);
    if (!row) throw new Error("a grouped turn read lost a row");
    return {
      reports: a.sessionId ? { loaded: row.reports.filter((r) => r.event === "loaded").map((r) => r.skill), reportsLoads: row.reports.length > 0 } : null,
      windows: foldWindows([...row.whole, ...row.edge]),
    };
  });
}
