import { integer, pgTable, primaryKey, text } from "drizzle-orm/pg-core";
import { DECISION_OUTCOMES, DECISION_STATUSES } from "../../lib/vocab/reason-codes";
import { epochMs } from "./columns";

/** PostgreSQL's twin of db/schema/decision-rollups.ts. */
export const decisionRollups = pgTable(
  "decision_rollups",
  {
    hour: epochMs("hour").notNull(),
    day: text("day").notNull(),
    status: text("status", { enum: DECISION_STATUSES }).notNull(),
    outcome: text("outcome", { enum: DECISION_OUTCOMES }).notNull(),
    reason: text("reason").notNull(),
    latencyMs: integer("latency_ms").notNull(),
    count: integer("count").notNull(),
  },
  (t) => [primaryKey({ columns: [t.hour, t.status, t.outcome, t.reason, t.latencyMs] })],
);

export const judgeRollups = pgTable(
  "judge_rollups",
  {
    hour: epochMs("hour").notNull(),
    day: text("day").notNull(),
    judgeMs: integer("judge_ms").notNull(),
    count: integer("count").notNull(),
    requests: integer("requests").notNull(),
  },
  (t) => [primaryKey({ columns: [t.hour, t.judgeMs] })],
);
