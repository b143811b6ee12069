import { z } from "zod";

/**
 * Why a decision did not end in a plain success. One definition, used by the
 * engine, the decision-log table, the API and the dashboard (selection spec §8).
 * `null` in the log means success; rows written before the field existed read as
 * `unknown` in summaries and are never guessed.
 */
export const REASON_CODES = [
  "no_skills",
  "catalog_over_budget", // the roots hold more than one request may read (walk-budget.ts): the catalog is incomplete
  "sensitive_turn",
  "stage_one_incomplete",
  "index_building", // the local judge's first index of a large catalog is still being built (server start, a new catalog)
  "timeout",
  "connection_error",
  "http_status",
  "rate_limited",
  "credits_exhausted",
  "invalid_response",
  "other",
] as const;
export const ReasonCode = z.enum(REASON_CODES);
export type ReasonCode = z.infer<typeof ReasonCode>;

/**
 * Fail-open reasons split the way operators read them (selection spec §8):
 * intended skips (privacy, the catalog, the index warming up) before service
 * faults (the judge or the way to it). Every code is in exactly one group.
 */
export const INTENDED_SKIPS: readonly ReasonCode[] = ["no_skills", "sensitive_turn", "catalog_over_budget", "index_building"];
export const SERVICE_FAULTS: readonly ReasonCode[] = REASON_CODES.filter((code) => !INTENDED_SKIPS.includes(code));

/** Label the dashboard uses for rows that carry no reason code at all. */
export const UNKNOWN_REASON = "unknown" as const;

/** The status of one decision as the agent sees it (selection spec §6). */
export const DECISION_STATUSES = ["ok", "fail_open"] as const;
export const DecisionStatus = z.enum(DECISION_STATUSES);
export type DecisionStatus = z.infer<typeof DecisionStatus>;

/**
 * How a decision ended. `suppressed` and `already_loaded` are the suggestion
 * rules at work and never count as `rejected` (stage 2 turning every finalist
 * down). Rows written before `below_threshold`, `suppressed` and
 * `already_loaded` existed used `suggested` for any non-empty reply.
 */
export const DECISION_OUTCOMES = [
  "suggested", // a skill with match ≥ 0.5 to load
  "below_threshold", // skills listed, none with match ≥ 0.5: the agent loads nothing
  "suppressed", // rule 2 removed the skill that would have been suggested
  "already_loaded", // rule 1 removed it: loaded earlier in this session
  "rejected", // stage 2 read the finalists and none passed (none worth listing under the shortlist's offer lines either)
  "nothing_fits", // stage 1 found nothing worth a second look
  "trivial", // answered by the local gate
  "fail_open",
] as const;
export const DecisionOutcome = z.enum(DECISION_OUTCOMES);
export type DecisionOutcome = z.infer<typeof DecisionOutcome>;

/** Labels for the dashboard, one per outcome. */
export const OUTCOME_LABELS: Record<DecisionOutcome, string> = {
  suggested: "suggested",
  below_threshold: "below threshold",
  suppressed: "suppressed (rule 2)",
  already_loaded: "already loaded (rule 1)",
  rejected: "rejected by stage 2",
  nothing_fits: "nothing fits",
  trivial: "trivial turn",
  fail_open: "fail open",
};
