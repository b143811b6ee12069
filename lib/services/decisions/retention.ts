import type { Db } from "../../../db/client";
import { deleteRollupsBefore } from "../../../db/queries/decisions";
import { takeLease } from "../../../db/queries/job-leases";
import { deleteDecisionBatch, deleteFeedbackBatch, deleteSkillHoursBefore } from "../../../db/queries/retention";
import { deleteRequestsBefore } from "../../../db/queries/usage-requests";
import { DAY_MS, HOUR_MS } from "../../base/time";
import type { ServiceCtx } from "../context";
import { instanceId } from "../instance-id";

/** Rows deleted per transaction: short enough that a decision write never waits long. */
export const RETENTION_BATCH = 2_000;

/**
 * Delete decisions (with candidates and suggestion rows) and feedback older
 * than `retentionDays`, batch by batch, yielding to the event loop between
 * batches so a large backlog never stalls the server.
 */
export async function runRetention(db: Db, retentionDays: number, now: number, batch = RETENTION_BATCH): Promise<{ decisions: number; feedback: number }> {
  // Whole hours, so the hourly rollups lose exactly the rows that go.
  const cutoff = Math.floor((now - retentionDays * DAY_MS) / HOUR_MS) * HOUR_MS;
  const removed = { decisions: 0, feedback: 0 };
  for (;;) {
    const n = await deleteDecisionBatch(db, cutoff, batch);
    removed.decisions += n;
    if (n < batch) break;
    await new Promise((r) => setImmediate(r));
  }
  await deleteRollupsBefore(db, cutoff);
  await deleteRequestsBefore(db, now - DAY_MS);
  await deleteSkillHoursBefore(db, cutoff);
  for (;;) {
    const n = await deleteFeedbackBatch(db, cutoff, batch);
    removed.feedback += n;
    if (n < batch) break;
    await new Promise((r) => setImmediate(r));
  }
  return removed;
}

/** Shorter than the hour between ticks, so the next hour's tick somewhere in the fleet finds it lapsed. */
const RETENTION_LEASE_MS = 50 * 60_000;

/** Run retention now and then every hour (once per fleet sharing the database); returns a stop function. */
export function startRetentionJob(ctx: ServiceCtx): () => void {
  const { db, clock } = ctx;
  const retentionDays = ctx.config.retentionDays;
  let running = false;
  const tick = async () => {
    if (running) return;
    running = true;
    try {
      // In a fleet on one database, one instance per hour does it.
      if (!(await takeLease(db, "retention", instanceId(), clock(), RETENTION_LEASE_MS))) return;
      const removed = await runRetention(db, retentionDays, clock());
      if (removed.decisions || removed.feedback) {
        console.log(`[jev] retention: removed ${removed.decisions} decisions and ${removed.feedback} feedback rows older than ${retentionDays} days`);
      }
    } catch {
      console.error("[jev] retention job failed; it will try again in an hour");
    } finally {
      running = false;
    }
  };
  void tick();
  const timer = setInterval(tick, HOUR_MS);
  timer.unref();
  return () => clearInterval(timer);
}
