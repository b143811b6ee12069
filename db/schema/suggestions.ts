import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { FEEDBACK_EVENTS } from "../../lib/vocab/feedback-events";
import { decisions } from "./decisions";

/**
 * One row per skill shown to an agent (selection spec §7): the skill, when, the
 * session it was shown in (to attribute a load), and when it was loaded.
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
