import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";

/**
 * One replay experiment (POST /api/replay): the rules it ran under, its
 * report, and what it read (a digest of the log, not the log), so runs can
 * be listed and compared side by side.
 */
export const replayRuns = sqliteTable(
  "replay_runs",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    at: integer("at").notNull(),
    /** The rules as replayed (every setting, defaults filled in), JSON. */
    rules: text("rules").notNull(),
    /** The report of lib/replay (ReplayReport), JSON. */
    report: text("report").notNull(),
    /** SHA-256 of the log's bytes, hex: the same log gives the same digest. */
    logDigest: text("log_digest").notNull(),
    events: integer("events").notNull(),
    badLines: integer("bad_lines").notNull(),
    logBytes: integer("log_bytes").notNull(),
  },
  (t) => [index("replay_runs_at_idx").on(t.at)],
);
