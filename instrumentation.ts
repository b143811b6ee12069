/**
 * Runs once when the server starts (Next.js instrumentation hook): the
 * background jobs of this instance. Decisions and feedback older than
 * JEV_RETENTION_DAYS are deleted now and every hour, in small batches; the
 * Hermes curator runs when due (checked 90 s after start, then hourly), and
 * what Hermes counted in `.usage.json` is copied into the history every minute. The
 * local judge's index of the default catalog is built now, before the first
 * turn needs it, and its skills' sentence vectors after it, in the background.
 */
export async function register() {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  const [{ liveCtx }, { startRetentionJob }, { startCuratorScheduler }, { warmLocalJudge }] = await Promise.all([
    import("./lib/services/context"),
    import("./lib/services/decisions/retention"),
    import("./lib/services/curator/scheduler"),
    import("./lib/services/catalog/warm-judge"),
  ]);
  try {
    const ctx = liveCtx();
    startRetentionJob(ctx);
    startCuratorScheduler(ctx);
    warmLocalJudge(ctx.config, ctx.db).catch(() => console.error("[jev] could not build the local index at start (it is built on the first turn)"));
  } catch {
    console.error("[jev] could not start the background jobs (database or configuration unavailable)");
  }
}
