import type { SkillCard } from "../catalog/types";

/**
 * Verification before recommending (selection spec §5): returns the exact name
 * the agent's loader knows the skill by, or null when it could not open it.
 */
export type Verifier = (card: SkillCard) => string | null;

/** For catalogs that are only data (`jev eval`): every entry is its own loader name. */
export const verifyCatalogEntry: Verifier = (card) => card.name;
