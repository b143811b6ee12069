import { getOrCreate } from "../base/collections";
import type { SkillCard } from "./types";

/**
 * Verification before recommending (selection spec §5): returns the exact name
 * the agent's loader knows the skill by, or null when it could not open it.
 */
export type Verifier = (card: SkillCard) => string | null;

/** For catalogs that are only data (`jev eval`): every entry is its own loader name. */
export const verifyCatalogEntry: Verifier = (card) => card.name;

/**
 * The same verifier, each card checked once: within a turn the rules'
 * names and the finalists' checks ask of the same cards, and a check on
 * disk is a stat of the SKILL.md.
 */
export function verifiedOnce(verify: Verifier): Verifier {
  const seen = new Map<SkillCard, string | null>();
  return (card) => getOrCreate(seen, card, () => verify(card));
}
