import { DESCRIPTION_CHARS, type SkillCard } from "./types";

/**
 * Why a skill may never be found (selection spec §1): only the name and the
 * first 200 description characters are ranked, so the fix is the description.
 */
export const DESCRIPTION_PROBLEMS = ["missing", "too_short", "cut_off"] as const;
export type DescriptionProblem = (typeof DESCRIPTION_PROBLEMS)[number];

/** Fewer content-bearing words than this reads like a title, not a description. */
const MIN_WORDS = 6;

export function descriptionProblem(card: SkillCard): DescriptionProblem | null {
  const words = card.description.match(/[\p{L}\p{N}]+/gu)?.length ?? 0;
  if (words === 0) return "missing";
  if (words < MIN_WORDS) return "too_short";
  if ((card.descriptionChars ?? 0) > DESCRIPTION_CHARS) return "cut_off";
  return null;
}

/** Skills whose descriptions need work, grouped by problem. */
export function descriptionReport(skills: readonly SkillCard[]): Record<DescriptionProblem, SkillCard[]> {
  const report: Record<DescriptionProblem, SkillCard[]> = { missing: [], too_short: [], cut_off: [] };
  for (const s of skills) {
    const problem = descriptionProblem(s);
    if (problem) report[problem].push(s);
  }
  return report;
}
