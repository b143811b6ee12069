import { desc, eq, getTableColumns } from "drizzle-orm";
import type { Db } from "../client";
import { write } from "../dialect";
import type { replayRuns } from "../schema";

export type ReplayRunRow = typeof replayRuns.$inferSelect;
export type NewReplayRunRow = typeof replayRuns.$inferInsert;
export type ReplayRunListRow = Omit<ReplayRunRow, "report" | "sweep">;

export async function insertReplayRun(db: Db, run: NewReplayRunRow): Promise<number> {
  const { replayRuns } = db.jev.t;
  return write(db, async (w) => (await w.insert(replayRuns).values(run).returning({ id: replayRuns.id }))[0].id);
}

/** Progress, the log's figures once read, the result once done, or the failure: whatever the run has to say now. */
export async function updateReplayRun(db: Db, id: number, change: Partial<Omit<NewReplayRunRow, "id">>): Promise<void> {
  const { replayRuns } = db.jev.t;
  await write(db, async (w) => {
    await w.update(replayRuns).set(change).where(eq(replayRuns.id, id));
  });
}

/** Newest first, without their reports and sweeps (a list, not the runs). */
export async function listReplayRuns(db: Db, limit: number): Promise<ReplayRunListRow[]> {
  const { replayRuns } = db.jev.t;
  const { report: _report, sweep: _sweep, ...listColumns } = getTableColumns(replayRuns);
  return db.select(listColumns).from(replayRuns).orderBy(desc(replayRuns.id)).limit(limit);
}

export async function getReplayRun(db: Db, id: number): Promise<ReplayRunRow | undefined> {
  const { replayRuns } = db.jev.t;
  return (await db.select().from(replayRuns).where(eq(replayRuns.id, id)).limit(1))[0];
}

export async function deleteReplayRun(db: Db, id: number): Promise<void> {
  const { replayRuns } = db.jev.t;
  await write(db, async (w) => {
    await w.delete(replayRuns).where(eq(replayRuns.id, id));
  });
}
