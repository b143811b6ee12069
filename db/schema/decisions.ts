import { sql } from "drizzle-orm";
import { index, integer, primaryKey, real, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { DECISION_OUTCOMES, DECISION_STATUSES, REASON_CODES } from "../../lib/vocab/reason-codes";
import { SUGGESTION_VIAS } from "../../lib/vocab/suggestion-via";
import { CANDIDATE_VERDICTS } from "../../lib/vocab/verdicts";

/**
 * One row per selection decision (selection spec §8). Never the turn text, a
 * prompt or an exception message: only bounded codes, names and figures.
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
    stageOneMs: integer("stage_one_ms"),
    stageTwoMs: integer("stage_two_ms"),
    requests: integer("requests").notNull(),
    /** Connections a remote judge opened while the turn asked (0 for the local judge). */
    connections: integer("connections").notNull().default(0),
    /** Routing's questions rode in this turn's stage-1 request (selection spec §9). */
    merged: integer("merged", { mode: "boolean" }).notNull().default(false),
    catalogSize: integer("catalog_size").notNull(),
    skillsReturned: integer("skills_returned").notNull(),
    skillsDropped: integer("skills_dropped").notNull().default(0),
    judge: text("judge").notNull(),
    /** Where the decision came from: api, cli. */
    channel: text("channel").notNull(),
    sessionId: text("session_id"),
    /** The agent the caller said it is (`agent` in the request), if any. */
    agent: text("agent"),
    /** Whether the client reports loads (declared `feedback: true`, or its session had sent feedback). */
    reportsLoads: integer("reports_loads", { mode: "boolean" }).notNull().default(false),
    /** The skill the agent was told to load, and its match. */
    suggestedSkill: text("suggested_skill"),
    suggestedMatch: real("suggested_match"),
    /** How the suggestion was chosen when not by the judge (a domain entry hint); null for a judged one. */
    suggestedVia: text("suggested_via", { enum: SUGGESTION_VIAS }),
  },
  // Few indexes on purpose: each costs every decision a write. Time ranges and pages walk `at`
  // (its entries carry the id); a session's turns need their own; counts come from rollups.
  // Entry hints are few: a partial index lists them without walking the rest (the Overview's counts).
  (t) => [
    index("decisions_at_idx").on(t.at),
    index("decisions_session_at_idx").on(t.sessionId, t.at),
    index("decisions_via_at_idx").on(t.suggestedVia, t.at).where(sql`${t.suggestedVia} IS NOT NULL`),
  ],
);

export type NewDecisionRow = typeof decisions.$inferInsert;

/** Skill names and paths, stored once: candidates refer to them by id. */
export const skillRefs = sqliteTable(
  "skill_refs",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    name: text("name").notNull(),
    path: text("path").notNull(),
  },
  (t) => [uniqueIndex("skill_refs_name_path_idx").on(t.name, t.path)],
);

/** The ranked candidates of a decision with their scores and verdicts (no turn text). */
export const decisionCandidates = sqliteTable(
  "decision_candidates",
  {
    decisionId: integer("decision_id")
      .notNull()
      .references(() => decisions.id),
    /** 0 = best after stage 2 (then stage-1 order for the rest). */
    rank: integer("rank").notNull(),
    skillRefId: integer("skill_ref_id")
      .notNull()
      .references(() => skillRefs.id),
    score: real("score").notNull(),
    match: real("match"),
    verdict: text("verdict", { enum: CANDIDATE_VERDICTS }).notNull(),
    /** JSON: the numbers behind a rule verdict (suggestions, loads, retry_at). */
    detail: text("detail"),
  },
  // Stored WITHOUT ROWID in primary-key order (see the migration): a decision's candidates are
  // appended together and read together. The skill filter looks them up by decision, so no
  // index by skill: it would cost ten scattered writes per decision.
  (t) => [primaryKey({ columns: [t.decisionId, t.rank] })],
);

/**
 * The hours in which each skill was among a decision's candidates. A skill
 * filter walks only those hours, so a skill ranked once in a month costs one
 * hour's walk. Kept with INSERT OR IGNORE: after a skill's first decision in
 * an hour, a lookup and no write.
 */
export const skillHours = sqliteTable(
  "skill_hours",
  {
    skillRefId: integer("skill_ref_id").notNull(),
    /** Start of the UTC hour, epoch ms. */
    hour: integer("hour").notNull(),
  },
  (t) => [primaryKey({ columns: [t.skillRefId, t.hour] })],
);
