import { desc, eq } from "drizzle-orm";
import type { Db } from "../client";
import { replayRuns } from "../schema";

export interface ReplayRunRow {
  id: number;
  at: number;
  rules: string;
  report: string;
  logDigest: string;
  events: number;
  badLines: number;
  logBytes: number;
}

export function insertReplayRun(db: Db, run: Omit<ReplayRunRow, "id">): number {
  return db.insert(replayRuns).values(run).returning({ id: replayRuns.id }).get().id;
}

/** Newest first, without their reports (a list, not the runs). */
export function listReplayRuns(db: Db, limit: number): Omit<ReplayRunRow, "report">[] {
  return db
    .select({
      id: replayRuns.id,
      at: replayRuns.at,
      rules: replayRuns.rules,
      logDigest: replayRuns.logDigest,
      events: replayRuns.events,
      badLines: replayRuns.badLines,
      logBytes: replayRuns.logBytes,
    })
    .from(replayRuns)
    .orderBy(desc(replayRuns.id))
    .limit(limit)
    .all();
}

export function getReplayRun(db: Db, id: number): ReplayRunRow | undefined {
  return db.select().from(replayRuns).where(eq(replayRuns.id, id)).get();
}
