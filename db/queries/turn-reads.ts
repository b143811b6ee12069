import { eq, type SQLWrapper, sql } from "drizzle-orm";
import type { RulesConfig } from "../../lib/rules/config";
import type { ShownWindow } from "../../lib/rules/suggestion-rules";
import { DAY_MS } from "../../lib/time";
import type { Db } from "../client";
import { isPostgres } from "../dialect";
import { namedStatement } from "./named-statement";
import { ruleTwoWindows } from "./shown-history";
import { sessionReports } from "./suggestions";
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

/**
 * The session's reports and rule 2's windows of some names, as one row of
 * three JSON arrays; one text for every turn, so each connection prepares it
 * once. No session (NULL) reads no reports; no names, no windows.
 */
const readStatement = namedStatement<{ reports: { skill: string; event: string }[]; whole: WindowPart[]; edge: WindowPart[] }>("jev_turn_read_v1", (db) => {
  const { feedback: f } = db.jev.t;
  const p = sql.placeholder;
  const reports = db
    .selectDistinct({ skill: f.skill, event: f.event })
    .from(f)
    .where(eq(f.sessionId, p("sessionId")));
  const edges = { windowStart: p("windowStart"), edgeDay: p("edgeDay"), today: p("today"), edgeEnd: p("edgeEnd") };
  const { whole, edge } = windowQueries(db, edges, (skill) => sql`${skill} = ANY(${p("names")}::text[])`);
  const asJson = (query: SQLWrapper) => sql`(SELECT coalesce(json_agg(q), '[]'::json) FROM (${query}) q)`;
  return sql`SELECT ${asJson(reports)} AS reports, ${asJson(whole)} AS whole, ${asJson(edge)} AS edge`;
});

/**
 * What a turn reads of the database once its finalists are known: the
 * session's reports and rule 2's windows of `names`. On PostgreSQL it is one
 * statement, one round trip, each part returned as JSON; on SQLite (no round
 * trips) the reports are a prepared statement and the windows come from the
 * process's short-lived history (shown-history.ts).
 */
export async function readForTurn(db: Db, ask: { sessionId?: string; names: readonly string[]; now: number; rules: RulesConfig }): Promise<TurnReads> {
  const { sessionId, names, now, rules } = ask;
  if (!isPostgres(db)) {
    return { reports: sessionId ? await sessionReports(db, sessionId) : null, windows: await ruleTwoWindows(db, now, rules)(names) };
  }
  if (!sessionId && names.length === 0) return { reports: null, windows: new Map() };
  const [row] = await readStatement(db, {
    sessionId: sessionId ?? null,
    names: [...names],
    ...windowEdges(now - rules.suppression.window_days * DAY_MS, now),
  });
  return {
    reports: sessionId ? { loaded: row.reports.filter((r) => r.event === "loaded").map((r) => r.skill), reportsLoads: row.reports.length > 0 } : null,
    windows: foldWindows([...row.whole, ...row.edge]),
  };
}
