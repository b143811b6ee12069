import { index, integer, real, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { DECISION_OUTCOMES, DECISION_STATUSES, REASON_CODES } from "../../lib/vocab/reason-codes";

/**
 * One row per selection decision (selection spec §8). Never the turn text, a
 * prompt or an exception message: only bounded codes and figures.
 * Times are UTC epoch milliseconds everywhere; `day` (UTC, YYYY-MM-DD) is
 * stored so per-day aggregates stay plain GROUP BYs on any database.
 */
export const decisions = sqliteTable(
  "decisions",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    at: integer("at").notNull(),
    day: text("day").notNull(),
    status: text("status", { enum: DECISION_STATUSES }).notNull(),
    outcome: text("outcome", { enum: DECISION_OUTCOMES }).notNull(),
    /** null on success; on a fail-open row, null means "written before codes existed" (shown as unknown). */
    reasonCode: text("reason_code", { enum: REASON_CODES }),
    needsSkill: real("needs_skill"),
    latencyMs: integer("latency_ms").notNull(),
    requests: integer("requests").notNull(),
    catalogSize: integer("catalog_size").notNull(),
    skillsReturned: integer("skills_returned").notNull(),
    skillsDropped: integer("skills_dropped").notNull().default(0),
    judge: text("judge").notNull(),
    /** Where the decision came from: api, cli. */
    channel: text("channel").notNull(),
  },
  (t) => [index("decisions_at_idx").on(t.at), index("decisions_day_status_idx").on(t.day, t.status)],
);

export type NewDecisionRow = typeof decisions.$inferInsert;
