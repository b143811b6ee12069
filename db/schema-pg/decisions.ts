import { sql } from "drizzle-orm";
import { boolean, doublePrecision, index, integer, pgTable, primaryKey, text, uniqueIndex } from "drizzle-orm/pg-core";
import { DECISION_OUTCOMES, DECISION_STATUSES, REASON_CODES } from "../../lib/vocab/reason-codes";
import { SUGGESTION_VIAS } from "../../lib/vocab/suggestion-via";
import { CANDIDATE_VERDICTS } from "../../lib/vocab/verdicts";
import { epochMs } from "./columns";

/** PostgreSQL's twin of db/schema/decisions.ts (what each column means is said there); schema-parity.test.ts keeps them alike. */
export const decisions = pgTable(
  "decisions",
  {
    id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
    at: epochMs("at").notNull(),
    day: text("day").notNull(),
    status: text("status", { enum: DECISION_STATUSES }).notNull(),
    outcome: text("outcome", { enum: DECISION_OUTCOMES }).notNull(),
    reasonCode: text("reason_code", { enum: REASON_CODES }),
    needsSkill: doublePrecision("needs_skill"),
    latencyMs: integer("latency_ms").notNull(),
    stageOneMs: integer("stage_one_ms"),
    stageTwoMs: integer("stage_two_ms"),
    requests: integer("requests").notNull(),
    connections: integer("connections").notNull().default(0),
    merged: boolean("merged").notNull().default(false),
    catalogSize: integer("catalog_size").notNull(),
    skillsReturned: integer("skills_returned").notNull(),
    skillsDropped: integer("skills_dropped").notNull().default(0),
    judge: text("judge").notNull(),
    channel: text("channel").notNull(),
    sessionId: text("session_id"),
    agent: text("agent"),
    reportsLoads: boolean("reports_loads").notNull().default(false),
    suggestedSkill: text("suggested_skill"),
    suggestedMatch: doublePrecision("suggested_match"),
    suggestedVia: text("suggested_via", { enum: SUGGESTION_VIAS }),
  },
  (t) => [
    index("decisions_at_idx").on(t.at),
    index("decisions_session_at_idx").on(t.sessionId, t.at),
    index("decisions_via_at_idx").on(t.suggestedVia, t.at).where(sql`${t.suggestedVia} IS NOT NULL`),
  ],
);

export const skillRefs = pgTable(
  "skill_refs",
  {
    id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
    name: text("name").notNull(),
    path: text("path").notNull(),
  },
  (t) => [uniqueIndex("skill_refs_name_path_idx").on(t.name, t.path)],
);

/**
 * No foreign keys here, unlike SQLite's table: on PostgreSQL each is a trigger per candidate row that share-locks the
 * parent, over skill_refs rows every instance shares (db/hot/README.md). The log writes a decision and its candidates
 * in one statement, deletes take candidates before their decisions, and skill_refs rows are never deleted.
 */
export const decisionCandidates = pgTable(
  "decision_candidates",
  {
    decisionId: integer("decision_id").notNull(),
    rank: integer("rank").notNull(),
    skillRefId: integer("skill_ref_id").notNull(),
    score: doublePrecision("score").notNull(),
    match: doublePrecision("match"),
    verdict: text("verdict", { enum: CANDIDATE_VERDICTS }).notNull(),
    detail: text("detail"),
  },
  (t) => [primaryKey({ columns: [t.decisionId, t.rank] })],
);

export const skillHours = pgTable(
  "skill_hours",
  {
    skillRefId: integer("skill_ref_id").notNull(),
    hour: epochMs("hour").notNull(),
  },
  (t) => [primaryKey({ columns: [t.skillRefId, t.hour] })],
);
