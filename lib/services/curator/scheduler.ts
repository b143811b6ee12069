import { takeLease } from "../../../db/queries/job-leases";
import { HOUR_MS, MINUTE_MS } from "../../base/time";
import type { ServiceCtx } from "../context";
import { instanceId } from "../instance-id";
import { refreshUsageHistory } from "../usage/refresh-history";
import { curatedHome, presentHome } from "./home";
import { noteNextCuratorCheck } from "./internal/next-check";
import { runCuratorIfDue } from "./run";

/** First curator check after start, then every hour (curator spec §7.3). */
const FIRST_CHECK_MS = 90_000;
/** Shorter than the hour between checks, so the next check somewhere finds it lapsed. */
const CURATOR_LEASE_MS = 50 * MINUTE_MS;
/** How often what Hermes counted in `.usage.json` is copied into jev's history (pages only read it). */
const USAGE_REFRESH_MS = MINUTE_MS;
const USAGE_LEASE_MS = USAGE_REFRESH_MS - 5_000;

/**
 * The background jobs on the Hermes home: the curator when a run is due
 * (and Hermes has been idle long enough), and every minute what Hermes
 * counted since the last look, into the history. Instances sharing a
 * database and this home take turns through leases: one does each job.
 */
export function startCuratorScheduler(ctx: ServiceCtx): () => void {
  const home = curatedHome(ctx.config);
  const present = () => presentHome(ctx.config) !== null;
  const curatorTick = async () => {
    noteNextCuratorCheck(ctx.clock() + HOUR_MS);
    if (!present() || !(await takeLease(ctx.db, `curator:${home}`, instanceId(), ctx.clock(), CURATOR_LEASE_MS))) return;
    const run = await runCuratorIfDue(ctx);
    if (run) console.log(`[jev] curator: ${run.summary}`);
  };
  const usageTick = async () => {
    if (!present() || !(await takeLease(ctx.db, `usage:${home}`, instanceId(), ctx.clock(), USAGE_LEASE_MS))) return;
    await refreshUsageHistory(ctx);
  };
  const quietly = (tick: () => Promise<void>, what: string) => () =>
    void tick().catch(() => console.warn(`[jev] ${what} skipped this time (the database or the Hermes home was unavailable)`));
  const timers: NodeJS.Timeout[] = [];
  noteNextCuratorCheck(ctx.clock() + FIRST_CHECK_MS);
  const every = (ms: number, task: () => void) => timers.push(setInterval(task, ms).unref());
  timers.push(
    setTimeout(() => {
      quietly(curatorTick, "curator check")();
      every(HOUR_MS, quietly(curatorTick, "curator check"));
    }, FIRST_CHECK_MS).unref(),
  );
  quietly(usageTick, "usage refresh")();
  every(USAGE_REFRESH_MS, quietly(usageTick, "usage refresh"));
  return () => {
    for (const t of timers) clearTimeout(t);
  };
}
