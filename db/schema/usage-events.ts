import { index, integer, primaryKey, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { USAGE_EVENT_KINDS, USAGE_EVENT_SOURCES } from "../../lib/vocab/curator";

/**
 * jev's own history of skill usage (curator spec §2.8), which Hermes's
 * `.usage.json` does not keep: one row per observed event, from jev (a bump
 * through the API, a curator action) or inferred from Hermes's counters at a
 * scan. Never written back into Hermes's files.
 */
export const usageEvents = sqliteTable(
  "usage_events",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    /** The Hermes home (resolved path) the skill lives in. */
    home: text("home").notNull(),
    skill: text("skill").notNull(),
    kind: text("kind", { enum: USAGE_EVENT_KINDS }).notNull(),
    at: integer("at").notNull(),
    count: integer("count").notNull().default(1),
    source: text("source", { enum: USAGE_EVENT_SOURCES }).notNull(),
    /** A little JSON about the event (a curator action's message, a state change's from/to). */
    detail: text("detail"),
  },
  (t) => [index("usage_events_skill_at_idx").on(t.home, t.skill, t.at), index("usage_events_at_idx").on(t.at)],
);

/**
 * Use, view and patch counts per skill and UTC day, kept as events are
 * written, so a year of events for a thousand skills is read as days (the
 * Skills page's sparklines). WITHOUT ROWID (migration).
 */
export const usageDays = sqliteTable(
  "usage_days",
  {
    home: text("home").notNull(),
    skill: text("skill").notNull(),
    /** UTC day number (epoch ms / 86,400,000, floored). */
    day: integer("day").notNull(),
    uses: integer("uses").notNull().default(0),
    views: integer("views").notNull().default(0),
    patches: integer("patches").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.home, t.skill, t.day] })],
);

/**
 * The counters of `.usage.json` as jev last accounted for them, per skill: a
 * scan turns what grew since into Hermes events, so re-importing counts
 * nothing twice. WITHOUT ROWID (migration).
 */
export const usageSnapshots = sqliteTable(
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

/**
 * Usage bumps sent with a `request_id` in the last day, so a client that
 * retries (its answer was lost) is never counted twice. Written in the same
 * transaction as the bump's event; retention removes rows after a day.
 */
export const usageRequests = sqliteTable(
  "usage_requests",
  {
    home: text("home").notNull(),
    requestId: text("request_id").notNull(),
    at: integer("at").notNull(),
  },
  (t) => [primaryKey({ columns: [t.home, t.requestId] }), index("usage_requests_at_idx").on(t.at)],
);
