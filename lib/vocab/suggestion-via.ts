import { z } from "zod";

/**
 * How a suggestion was chosen when the judge did not choose it: one
 * definition for the engine, the reply's `via`, the decision log and the
 * dashboard. A judged suggestion has none.
 */
export const SUGGESTION_VIAS = [
  "entry_skill", // the turn has one of a domain's words: its entry skill (rules file, entry_skills) comes first
  "related_skill", // the domain's entry skill was loaded earlier in the session: a skill its front matter lists as related comes next
] as const;
export const SuggestionVia = z.enum(SUGGESTION_VIAS);
export type SuggestionVia = z.infer<typeof SuggestionVia>;

export const VIA_LABELS: Record<SuggestionVia, string> = {
  entry_skill: "Domain entry skill: the turn has one of its domain words (rules file, entry_skills); the judge was not asked",
  related_skill: "Related to the domain's entry skill, which the session loaded earlier; the judge was not asked",
};
