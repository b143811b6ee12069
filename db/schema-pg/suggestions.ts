import { boolean, index, integer, pgTable, primaryKey, text } from "drizzle-orm/pg-core";
import { FEEDBACK_EVENTS } from "../../lib/vocab/feedback-events";
import { epochMs } from "./columns";
import { decisions } from "./decisions";

/** PostgreSQL's twins of db/schema/suggestions.ts. */
export const suggestions = pgTable(
  "suggestions",
  {
    id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
    decisionId: integer("decision_id").references(() => decisions.id),
    at: epochMs("at").notNull(),
    sessionId: text("session_id"),
    skill: text("skill").notNull(),
    loadedAt: epochMs("loaded_at"),
    reportsLoads: boolean("reports_loads").notNull().default(false),
  },
  (t) => [index("suggestions_at_idx").on(t.at), index("suggestions_session_skill_idx").on(t.sessionId, t.skill, t.at)],
);

export const feedback = pgTable(
  "feedback",
  {
    id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
    at: epochMs("at").notNull(),
    sessionId: text("session_id").notNull(),
    skill: text("skill").notNull(),
    event: text("event", { enum: FEEDBACK_EVENTS }).notNull(),
  },
  (t) => [index("feedback_session_idx").on(t.sessionId, t.event)],
);

export const suggestionDays = pgTable(
  "suggestion_days",
  {
    skill: text("skill").notNull(),
    day: integer("day").notNull(),
    suggestions: integer("suggestions").notNull(),
    loads: integer("loads").notNull(),
    lastAt: epochMs("last_at").notNull(),
  },
  (t) => [primaryKey({ columns: [t.skill, t.day] })],
);

export const suppressionDays = pgTable(
  "suppression_days",
  {
    skill: text("skill").notNull(),
    day: integer("day").notNull(),
    count: integer("count").notNull(),
  },
  (t) => [primaryKey({ columns: [t.skill, t.day] })],
);
