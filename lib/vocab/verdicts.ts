import { z } from "zod";

/**
 * Why each ranked candidate of a decision was or was not suggested. One
 * definition for the engine, the decision log, `GET /api/decisions/:id` and the
 * dashboard. Checked in this order for each stage-2 finalist, best match first.
 */
export const CANDIDATE_VERDICTS = [
  "suggested", // the one skill the agent is told to load: first with match ≥ 0.5 that passed every check
  "runner_up", // passed every check, ranked after the suggested skill (listed in the reply while there was room)
  "below_threshold", // its match is under 0.5: listed at most as an alternative, never loaded for
  "not_finalist", // ranked by stage 1 but not among the top 5 stage 2 reads (or stage 1 found nothing worth a look)
  "rejected_by_stage_two", // stage 2 read it and gave it a match under 0.1
  "failed_verification", // its SKILL.md no longer exists or no longer parses
  "not_loadable", // not in the caller's `loadable` list
  "already_loaded", // rule 1: loaded earlier in this session
  "suppressed", // rule 2: shown often lately and rarely loaded
] as const;
export const CandidateVerdict = z.enum(CANDIDATE_VERDICTS);
export type CandidateVerdict = z.infer<typeof CandidateVerdict>;

/** What a person reads next to each verdict on the decision page. */
export const VERDICT_LABELS: Record<CandidateVerdict, string> = {
  suggested: "Suggested: the skill the agent was told to load",
  runner_up: "Passed every check, ranked after the suggested skill",
  below_threshold: "Its match is under 0.5: at most listed as an alternative, never the one to load",
  not_finalist: "Ranked by stage 1, not among the finalists stage 2 reads",
  rejected_by_stage_two: "Stage 2 read it and judged it a poor fit (match under 0.1)",
  failed_verification: "Its SKILL.md was missing or did not parse when checked",
  not_loadable: "Not in the agent's list of loadable skills",
  already_loaded: "Rule 1: already loaded in this session",
  suppressed: "Rule 2: shown often lately and rarely loaded",
};
