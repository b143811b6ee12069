import { z } from "zod";

/**
 * Why a decision did not end in a plain success. One definition, used by the
 * engine, the decision-log table, the API and the dashboard (selection spec §8).
 * `null` in the log means success; rows written before the field existed read as
 * `unknown` in summaries and are never guessed.
 */
export const REASON_CODES = [
  "no_skills",
  "sensitive_turn",
  "stage_one_incomplete",
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

/** Label the dashboard uses for rows that carry no reason code at all. */
export const UNKNOWN_REASON = "unknown" as const;

/** The status of one decision as the agent sees it (selection spec §6). */
export const DECISION_STATUSES = ["ok", "fail_open"] as const;
export const DecisionStatus = z.enum(DECISION_STATUSES);
export type DecisionStatus = z.infer<typeof DecisionStatus>;

/**
 * How an `ok` decision ended, so the dashboard can tell skills suggested from
 * turns skipped by the gate or ranked with nothing fitting.
 */
export const DECISION_OUTCOMES = [
  "suggested", // at least one skill returned
  "rejected", // stage 2 read the finalists and rejected them all
  "nothing_fits", // stage 1 found nothing worth a second look
  "trivial", // answered by the local gate
  "fail_open",
] as const;
export const DecisionOutcome = z.enum(DECISION_OUTCOMES);
export type DecisionOutcome = z.infer<typeof DecisionOutcome>;
