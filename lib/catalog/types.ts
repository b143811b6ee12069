/** One rankable skill: what the engine reads of a SKILL.md (selection spec §1). */
export interface SkillCard {
  /** Front-matter `name`, falling back to the folder name: the loader's name. */
  name: string;
  /** The first 200 characters of the front-matter `description`. */
  description: string;
  /**
   * The whole description (flattened, at most FULL_DESCRIPTION_CHARS), when longer than `description`: what the local
   * judge reads, as agents show the model all of it. A remote judge's card stays at `description`.
   */
  fullDescription?: string;
  /** Identity of the skill: the SKILL.md path (or a catalog path in `jev eval`). */
  path: string;
  /** Length of the whole description before clipping, when known (catalog health). */
  descriptionChars?: number;
  /** The SKILL.md text after the front matter (trimmed), at most BODY_CHARS; absent when empty or not known. */
  body?: string;
  /** Skills its front matter lists as related (`metadata.hermes.related_skills`); absent when none. */
  related?: string[];
}

/** Characters of a body kept: past this, skills are long references, not routing text. */
export const BODY_CHARS = 8000;

/** Characters of the description a remote judge's card holds (selection spec §1). */
export const DESCRIPTION_CHARS = 200;

/** Characters of the description the local judge reads: all the Agent Skills format allows. */
export const FULL_DESCRIPTION_CHARS = 1024;

/** The description the sentence encoder reads: the whole of it, as agents show it (the lexical index reads `description`). */
export function wholeDescription(card: Pick<SkillCard, "description" | "fullDescription">): string {
  return card.fullDescription ?? card.description;
}
