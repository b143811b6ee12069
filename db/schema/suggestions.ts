import { index, integer, primaryKey, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { FEEDBACK_EVENTS } from "../../lib/vocab/feedback-events";
import { decisions } from "./decisions";

/**
 * One row per suggestion (selection spec §7): the one skill an agent was told
 * to load, when, the session it was shown in (to attribute a load), whether
 * that client reports loads (rule 2 counts only those), and when it was loaded.
 * Nothing else.
 */
export const suggestions = sqliteTable(
  "suggestions",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    decisionId: integer("decision_id").references(() => decisions.id),
    at: integer("at").notNull(),
    sessionId: text("session_id"),
    skill: text("skill").notNull(),
    /** Set when the same session loaded the skill within the attribution window. */
    loadedAt: integer("loaded_at"),
    /** The client reports loads: declared `feedback: true`, or its session sent feedback (set later too). */
    reportsLoads: integer("reports_loads", { mode: "boolean" }).notNull().default(false),
  },
  (t) => [index("suggestions_at_idx").on(t.at), index("suggestions_session_skill_idx").on(t.sessionId, t.skill, t.at)],
);

/** What agents reported: a skill loaded or rejected in a session. */
export const feedback = sqliteTable(
  "feedback",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    at: integer("at").notNull(),
    sessionId: text("session_id").notNull(),
    skill: text("skill").notNull(),
    event: text("event", { enum: FEEDBACK_EVENTS }).notNull(),
  },
  (t) => [index("feedback_session_idx").on(t.sessionId, t.event)],
);

/**
 * Rule 2's counts per skill and UTC day: suggestions shown to clients that
 * report loads, how many were loaded, and the latest. Kept as suggestions,
 * loads and reporting sessions are written, so the suppression view of a
 * thousand skills reads days, not a million rows. WITHOUT ROWID (migration).
 */
export const suggestionDays = sqliteTable(
  "suggestion_days",
  {
    skill: text("skill").notNull(),
    /** UTC day number (epoch ms / 86,400,000, floored). */
    day: integer("day").notNull(),
    suggestions: integer("suggestions").notNull(),
    loads: integer("loads").notNull(),
    lastAt: integer("last_at").notNull(),
  },
  (t) => [primaryKey({ columns: [t.skill, t.day] })],
);

/**
 * How often rule 2 removed each skill from a decision, per UTC day: the
 * engine's "suppressed" count on the Skills page, without reading candidate
 * rows. Kept as candidates are written. WITHOUT ROWID (migration).
 */
export const suppressionDays = sqliteTable(
  "suppression_days",
  {
    skill: text("skill").notNull(),
    /** UTC day number (epoch ms / 86,400,000, floored). */
    day: integer("day").notNull(),
    count: integer("count").notNull(),
  },
  (t) => [primaryKey({ columns: [t.skill, t.day] })],
);
