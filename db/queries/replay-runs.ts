import { desc, eq, getTableColumns } from "drizzle-orm";
import type { Db } from "../client";
import { replayRuns } from "../schema";

export type ReplayRunRow = typeof replayRuns.$inferSelect;
export type NewReplayRunRow = typeof replayRuns.$inferInsert;
export type ReplayRunListRow = Omit<ReplayRunRow, "report" | "sweep">;

export function insertReplayRun(db: Db, run: NewReplayRunRow): number {
  return db.insert(replayRuns).values(run).returning({ id: replayRuns.id }).get().id;
}

/** Progress, the log's figures once read, the result once done, or the failure: whatever the run has to say now. */
export function updateReplayRun(db: Db, id: number, change: Partial<Omit<NewReplayRunRow, "id">>): void {
  db.update(replayRuns).set(change).where(eq(replayRuns.id, id)).run();
}

const { report: _report, sweep: _sweep, ...listColumns } = getTableColumns(replayRuns);

/** Newest first, without their reports and sweeps (a list, not the runs). */
export function listReplayRuns(db: Db, limit: number): ReplayRunListRow[] {
  return db.select(listColumns).from(replayRuns).orderBy(desc(replayRuns.id)).limit(limit).all();
}

export function getReplayRun(db: Db, id: number): ReplayRunRow | undefined {
  return db.select().from(replayRuns).where(eq(replayRuns.id, id)).get();
}

export function deleteReplayRun(db: Db, id: number): void {
  db.delete(replayRuns).where(eq(replayRuns.id, id)).run();
}
