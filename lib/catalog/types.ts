/** One rankable skill: what the engine reads of a SKILL.md (selection spec §1). */
export interface SkillCard {
  /** Front-matter `name`, falling back to the folder name: the loader's name. */
  name: string;
  /** The first 200 characters of the front-matter `description`. */
  description: string;
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

/** Characters of the description the engine reads; longer text is not ranked. */
export const DESCRIPTION_CHARS = 200;
