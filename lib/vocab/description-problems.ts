/**
 * Why a skill may never be found (selection spec §1): a remote judge and an agent's own listing read only the
 * name and the first 200 description characters, so the fix is the description. `thin_for_body`: a terse
 * description over a long body, which only the local judge reads.
 */
export const DESCRIPTION_PROBLEMS = ["missing", "too_short", "cut_off", "thin_for_body"] as const;
export type DescriptionProblem = (typeof DESCRIPTION_PROBLEMS)[number];
