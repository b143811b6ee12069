import { doublePrecision, index, integer, pgTable, text } from "drizzle-orm/pg-core";
import { epochMs } from "./columns";

/** PostgreSQL's twin of db/schema/replay-runs.ts. */
export const replayRuns = pgTable(
  "replay_runs",
  {
    id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
    at: epochMs("at").notNull(),
    source: text("source").notNull().default("upload"),
    status: text("status").notNull().default("done"),
    phase: text("phase").notNull().default("finished"),
    progress: doublePrecision("progress").notNull().default(1),
    updatedAt: epochMs("updated_at").notNull().default(0),
    error: text("error"),
    rules: text("rules").notNull(),
    report: text("report"),
    sweep: text("sweep"),
    sweepPoints: integer("sweep_points").notNull().default(0),
    logDigest: text("log_digest").notNull().default(""),
    events: epochMs("events").notNull().default(0),
    badLines: epochMs("bad_lines").notNull().default(0),
    logBytes: epochMs("log_bytes").notNull().default(0),
  },
  (t) => [index("replay_runs_at_idx").on(t.at)],
);
