import { integer, primaryKey, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { DECISION_OUTCOMES, DECISION_STATUSES } from "../../lib/vocab/reason-codes";

/**
 * Decision counts per UTC hour, outcome, status, reason and latency bucket,
 * kept as decisions are written. The dashboard's tiles, chart, reasons and
 * latency percentiles read these instead of scanning a million rows.
 * Stored WITHOUT ROWID (see the migration): the upsert touches one b-tree.
 */
export const decisionRollups = sqliteTable(
  "decision_rollups",
  {
    /** Start of the UTC hour, epoch ms. */
    hour: integer("hour").notNull(),
    day: text("day").notNull(),
    status: text("status", { enum: DECISION_STATUSES }).notNull(),
    outcome: text("outcome", { enum: DECISION_OUTCOMES }).notNull(),
    /** The reason code of a fail-open decision, `unknown` when it has none, "" on success. */
    reason: text("reason").notNull(),
    /** Latency in ms, bucketed (lib/vocab/latency-buckets). */
    latencyMs: integer("latency_ms").notNull(),
    count: integer("count").notNull(),
  },
  (t) => [primaryKey({ columns: [t.hour, t.status, t.outcome, t.reason, t.latencyMs] })],
);

/**
 * What asking the judge cost, per UTC hour: decisions that reached it, their
 * requests, and its time (stage 1 plus stage 2) bucketed as latencies are.
 * The Decisions page charts requests per turn and judge latency from it.
 */
export const judgeRollups = sqliteTable(
  "judge_rollups",
  {
    /** Start of the UTC hour, epoch ms. */
    hour: integer("hour").notNull(),
    day: text("day").notNull(),
    /** Stage 1 plus stage 2, in ms, bucketed (lib/vocab/latency-buckets). */
    judgeMs: integer("judge_ms").notNull(),
    count: integer("count").notNull(),
    requests: integer("requests").notNull(),
  },
  (t) => [primaryKey({ columns: [t.hour, t.judgeMs] })],
);
