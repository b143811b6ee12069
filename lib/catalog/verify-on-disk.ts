import { readSkillCard } from "./discover";
import type { Verifier } from "./verifier";

/**
 * The loader reads the SKILL.md on disk: it must still exist and parse, and its
 * name now is what the loader answers to (selection spec §5). One stat when the
 * file is unchanged since discovery.
 */
export const verifyOnDisk: Verifier = (card) => readSkillCard(card.path)?.name ?? null;
