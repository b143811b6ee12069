import { eq, sql } from "drizzle-orm";
import type { RulesConfig } from "../../lib/rules/config";
import type { ShownWindow } from "../../lib/rules/suggestion-rules";
import { DAY_MS } from "../../lib/time";
import type { Db } from "../client";
import { isPostgres, rowsOf } from "../dialect";
import { ruleTwoWindows } from "./shown-history";
import { sessionReports } from "./suggestions";
import { foldWindows, type WindowPart, windowQueries } from "./suppression";

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
  const { feedback: f } = db.jev.t;
  const reports = db
    .selectDistinct({ skill: f.skill, event: f.event })
    .from(f)
    .where(eq(f.sessionId, sessionId ?? ""));
  const parts = names.length ? windowQueries(db, now - rules.suppression.window_days * DAY_MS, now, names) : null;
  const asJson = (query: unknown) => (query ? sql`(SELECT coalesce(json_agg(q), '[]'::json) FROM (${query}) q)` : sql`'[]'::json`);
  const [row] = await rowsOf<{ reports: { skill: string; event: string }[]; whole: WindowPart[]; edge: WindowPart[] }>(
    db,
    sql`SELECT ${asJson(sessionId ? reports : null)} AS reports, ${asJson(parts?.whole)} AS whole, ${asJson(parts?.edge)} AS edge`,
  );
  return {
    reports: sessionId ? { loaded: row.reports.filter((r) => r.event === "loaded").map((r) => r.skill), reportsLoads: row.reports.length > 0 } : null,
    windows: foldWindows([...row.whole, ...row.edge]),
  };
}
