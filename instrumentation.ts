/**
 * Runs once when the server starts (Next.js instrumentation hook): the
 * background jobs of this instance. Decisions and feedback older than
 * JEV_RETENTION_DAYS are deleted now and every hour, in small batches; the
 * Hermes curator runs when due (checked 90 s after start, then hourly).
 */
export async function register() {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  const [{ getDb }, { loadConfig }, { startRetentionJob }, { startCuratorScheduler }] = await Promise.all([
    import("./db/client"),
    import("./lib/config"),
    import("./lib/services/retention"),
    import("./lib/services/curator-scheduler"),
  ]);
  try {
    const config = loadConfig();
    startRetentionJob(getDb(), config.retentionDays);
    startCuratorScheduler(getDb(), config);
  } catch {
    console.error("[jev] could not start the background jobs (database or configuration unavailable)");
  }
}
