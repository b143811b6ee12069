/**
 * Runs once when the server starts (Next.js instrumentation hook): the
 * background jobs of this instance. Decisions and feedback older than
 * JEV_RETENTION_DAYS are deleted now and every hour, in small batches.
 */
export async function register() {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  const [{ getDb }, { loadConfig }, { startRetentionJob }] = await Promise.all([
    import("./db/client"),
    import("./lib/config"),
    import("./lib/services/retention"),
  ]);
  try {
    startRetentionJob(getDb(), loadConfig().retentionDays);
  } catch {
    console.error("[jev] could not start the retention job (database or configuration unavailable)");
  }
}
