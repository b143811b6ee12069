import { index, integer, real, sqliteTable, text } from "drizzle-orm/sqlite-core";

/**
 * One replay experiment (POST /api/replay, jev replay's stored twin, or a run started on the Replay page): the rules
 * it ran under, its report (and sweep, when it swept a grid), and what it read (a digest of the log, not the log), so
 * runs can be listed and compared side by side. A run started from the page is written while it runs, so its progress
 * can be shown.
 */
export const replayRuns = sqliteTable(
  "replay_runs",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    /** When the run started. */
    at: integer("at").notNull(),
    /** lib/vocab/replay-runs ReplaySource. */
    source: text("source").notNull().default("upload"),
    /** lib/vocab/replay-runs ReplayStatus. */
    status: text("status").notNull().default("done"),
    /** lib/vocab/replay-runs ReplayPhase, with the share of the whole run done (0..1). */
    phase: text("phase").notNull().default("finished"),
    progress: real("progress").notNull().default(1),
    /** Last progress write: a running run that stops writing was cut short (its server stopped). */
    updatedAt: integer("updated_at").notNull().default(0),
    /** Why a failed run failed: one of jev's own error messages, never a raw exception. */
    error: text("error"),
    /** The rules as replayed (every setting, defaults filled in), JSON. */
    rules: text("rules").notNull(),
    /** The report of lib/replay (ReplayReport), JSON; null until the run is done. */
    report: text("report"),
    /** The grid and its points (lib/replay/sweep), JSON; null for a single replay. */
    sweep: text("sweep"),
    /** Points in the sweep (0 for a single replay), so a list can say so without reading the sweep. */
    sweepPoints: integer("sweep_points").notNull().default(0),
    /** SHA-256 of the log's bytes, hex: the same log gives the same digest. Empty until read. */
    logDigest: text("log_digest").notNull().default(""),
    events: integer("events").notNull().default(0),
    badLines: integer("bad_lines").notNull().default(0),
    logBytes: integer("log_bytes").notNull().default(0),
  },
  (t) => [index("replay_runs_at_idx").on(t.at)],
);
