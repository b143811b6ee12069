import { sql } from "drizzle-orm";
import type { ReplayEvent } from "../../lib/replay/log-line";
import type { Db } from "../client";
import { rowsOf } from "../dialect";

/** Rows read per query: the connection is never left busy between pages (a streamed reply spans many event-loop turns). */
const PAGE = 5_000;

type Row = { at: number; k: number; id: number; session: string; skill: string };

/**
 * The live tables as replay-log events, oldest first (at the same millisecond, suggestions before loads): each
 * suggestion as `suggest` in its session, each reported load as `load`. Read a page at a time by keyset, so no
 * statement stays open between pages. A suggestion made without a session id gets a session of its own
 * (`suggestion-<id>`): no load can be linked to it, as live.
 */
export async function* liveReplayEvents(db: Db, from: number, to: number): AsyncGenerator<ReplayEvent> {
  const { suggestions: s, feedback: f } = db.jev.t;
  let cursor = { at: from - 1, k: 2, id: 0 }; // before every row (k is 0 or 1); ids fit an int on PostgreSQL
  for (;;) {
    const page = sql`SELECT at, k, id, session, skill FROM (
       SELECT ${s.at} AS at, 0 AS k, ${s.id} AS id, COALESCE(${s.sessionId}, 'suggestion-' || ${s.id}) AS session, ${s.skill} AS skill FROM ${s} WHERE ${s.at} >= ${from} AND ${s.at} < ${to}
       UNION ALL
       SELECT ${f.at}, 1, ${f.id}, ${f.sessionId}, ${f.skill} FROM ${f} WHERE ${f.event} = 'loaded' AND ${f.at} >= ${from} AND ${f.at} < ${to}
     ) AS events
     WHERE (at, k, id) > (${cursor.at}, ${cursor.k}, ${cursor.id})
     ORDER BY at, k, id LIMIT ${PAGE}`;
    const rows = (await rowsOf<Row>(db, page)).map((r) => ({ ...r, at: Number(r.at), k: Number(r.k), id: Number(r.id) }));
    for (const r of rows) yield { at: r.at, session: r.session, kind: r.k === 0 ? "suggest" : "load", skill: r.skill };
    if (rows.length < PAGE) return;
    const last = rows[rows.length - 1];
    cursor = { at: last.at, k: last.k, id: last.id };
  }
}
