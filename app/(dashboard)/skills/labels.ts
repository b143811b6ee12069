import { DESCRIPTION_CHARS, FULL_DESCRIPTION_CHARS } from "@/lib/catalog/types";
import type { DescriptionProblem } from "@/lib/vocab/description-problems";
import type { SkillSort } from "@/lib/vocab/skill-sources";

export const SORT_LABELS: Record<SkillSort, string> = {
  name: "name",
  activity: "most activity",
  last_activity: "last active",
  suggested: "most suggested",
  last_suggested: "last suggested",
};

/** A description problem in a table cell. */
export const HEALTH_LABELS: Record<DescriptionProblem, string> = {
  missing: "no description",
  too_short: "description too short",
  cut_off: "description cut off",
  thin_for_body: "description says less than the body",
};

/** A description problem as a heading over the skills that have it, and what to do about it. */
export const PROBLEM_TITLES: Record<DescriptionProblem, string> = {
  missing: "missing",
  too_short: "too short",
  cut_off: "cut off",
  thin_for_body: "say less than their bodies",
};
export const PROBLEM_TEXT: Record<DescriptionProblem, string> = {
  missing: "No description: the skill can only be found by its name.",
  too_short: "A title rather than a description: say what it does and when to use it.",
  cut_off: `Longer than ${DESCRIPTION_CHARS} characters: a remote judge and the local judge's word index read only the start (its sentence encoder reads up to ${FULL_DESCRIPTION_CHARS}), so put what matters first.`,
  thin_for_body:
    "A few words over a long SKILL.md: jev's local judge reads the body, but a remote judge and the agent's own skill list see only the description. Say in it what the body says the skill is for.",
};
