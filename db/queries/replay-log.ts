import type { ReplayEvent } from "../../lib/replay/log-line";
import type { Db } from "../client";

/** Rows read per query: the connection is never left busy between pages (a streamed reply spans many event-loop turns). */
const PAGE = 5_000;

type Row = { at: number; k: number; id: number; session: string; skill: string };

/**
 * The live tables as replay-log events, oldest first (at the same
 * millisecond, suggestions before loads): each suggestion as `suggest` in its
 * session, each reported load as `load`. Read a page at a time by keyset, so
 * no statement stays open between pages. A suggestion made without a session
 * id gets a session of its own (`suggestion-<id>`): no load can be linked to
 * it, as live.
 */
export function* liveReplayEvents(db: Db, from: number, to: number): Generator<ReplayEvent> {
  const page = db.$client.prepare(
    `SELECT at, k, id, session, skill FROM (
       SELECT at, 0 AS k, id, COALESCE(session_id, 'suggestion-' || id) AS session, skill FROM suggestions WHERE at >= @from AND at < @to
       UNION ALL
       SELECT at, 1 AS k, id, session_id AS session, skill FROM feedback WHERE event = 'loaded' AND at >= @from AND at < @to
     )
     WHERE (at, k, id) > (@at, @k, @id)
     ORDER BY at, k, id LIMIT ${PAGE}`,
  );
  let cursor = { at: from - 1, k: 1, id: Number.MAX_SAFE_INTEGER };
  for (;;) {
    const rows = page.all({ from, to, ...cursor }) as Row[];
    for (const r of rows) yield { at: r.at, session: r.session, kind: r.k === 0 ? "suggest" : "load", skill: r.skill };
    if (rows.length < PAGE) return;
    const last = rows[rows.length - 1];
    cursor = { at: last.at, k: last.k, id: last.id };
  }
}
