import { index, integer, pgTable, primaryKey, text } from "drizzle-orm/pg-core";
import { USAGE_EVENT_KINDS, USAGE_EVENT_SOURCES } from "../../lib/vocab/curator";
import { epochMs } from "./columns";

/** PostgreSQL's twins of db/schema/usage-events.ts. */
export const usageEvents = pgTable(
  "usage_events",
  {
    id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
    home: text("home").notNull(),
    skill: text("skill").notNull(),
    kind: text("kind", { enum: USAGE_EVENT_KINDS }).notNull(),
    at: epochMs("at").notNull(),
    count: integer("count").notNull().default(1),
    source: text("source", { enum: USAGE_EVENT_SOURCES }).notNull(),
    detail: text("detail"),
  },
  (t) => [index("usage_events_skill_at_idx").on(t.home, t.skill, t.at), index("usage_events_at_idx").on(t.at)],
);

export const usageDays = pgTable(
  "usage_days",
  {
    home: text("home").notNull(),
    skill: text("skill").notNull(),
    day: integer("day").notNull(),
    uses: integer("uses").notNull().default(0),
    views: integer("views").notNull().default(0),
    patches: integer("patches").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.home, t.skill, t.day] })],
);

export const usageSnapshots = pgTable(
  "usage_snapshots",
  {
    home: text("home").notNull(),
    skill: text("skill").notNull(),
    uses: integer("uses").notNull(),
    views: integer("views").notNull(),
    patches: integer("patches").notNull(),
  },
  (t) => [primaryKey({ columns: [t.home, t.skill] })],
);

export const usageRequests = pgTable(
  "usage_requests",
  {
    home: text("home").notNull(),
    requestId: text("request_id").notNull(),
    at: epochMs("at").notNull(),
  },
  (t) => [primaryKey({ columns: [t.home, t.requestId] }), index("usage_requests_at_idx").on(t.at)],
);
