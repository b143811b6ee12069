import fs from "node:fs";
import { parseSkillFile } from "../catalog/front-matter";
import type { SkillCard } from "../catalog/types";

/**
 * Verification before recommending (selection spec §5): returns the exact name
 * the agent's loader knows the skill by, or null when it could not open it.
 */
export type Verifier = (card: SkillCard) => string | null;

/** The loader reads the SKILL.md on disk: it must still exist and parse. */
export const verifyOnDisk: Verifier = (card) => {
  let text: string;
  try {
    text = fs.readFileSync(card.path, "utf8");
  } catch {
    return null;
  }
  return parseSkillFile(card.path, text)?.name ?? null;
};

/** For catalogs that are only data (`jev eval`): every entry is its own loader name. */
export const verifyCatalogEntry: Verifier = (card) => card.name;

/** Bound any verifier by the names the caller's loader says it knows. */
export function boundedBy(verify: Verifier, loadable: readonly string[] | undefined): Verifier {
  if (!loadable) return verify;
  const known = new Set(loadable);
  return (card) => {
    const name = verify(card);
    return name !== null && known.has(name) ? name : null;
  };
}
