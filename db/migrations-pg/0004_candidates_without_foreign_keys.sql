-- The log's candidates keep no foreign keys on PostgreSQL: each was a trigger and a share lock on a hot parent row
-- per candidate, ten a decision (why, and what keeps the rows consistent: db/schema-pg/decisions.ts).
ALTER TABLE "decision_candidates" DROP CONSTRAINT IF EXISTS "decision_candidates_decision_id_decisions_id_fk";
--> statement-breakpoint
ALTER TABLE "decision_candidates" DROP CONSTRAINT IF EXISTS "decision_candidates_skill_ref_id_skill_refs_id_fk";
