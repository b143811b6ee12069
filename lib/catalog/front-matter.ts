import path from "node:path";
import matter from "gray-matter";
import { relatedSkillsOf } from "./related-skills";
import { BODY_CHARS, DESCRIPTION_CHARS, FULL_DESCRIPTION_CHARS, type SkillCard } from "./types";

/** Front matter that does not parse: what the YAML parser said, and where (1-based line and column). */
export class FrontMatterError extends Error {
  constructor(
    readonly reason: string,
    readonly line: number | null,
    readonly column: number | null,
  ) {
    super(line === null ? reason : `${reason} (line ${line}, column ${column})`);
    this.name = "FrontMatterError";
  }
}

/** The parser's own words and position, from a js-yaml exception (gray-matter's parser). */
function yamlProblem(err: unknown): FrontMatterError {
  const e = err as { reason?: unknown; mark?: { line?: unknown; column?: unknown } };
  const reason = typeof e?.reason === "string" ? e.reason : "front matter is not valid YAML";
  // gray-matter hands js-yaml the text from the end of the opening `---` line, so its 0-based line is the file's 1-based one.
  const line = typeof e?.mark?.line === "number" ? e.mark.line + 1 : null;
  const column = typeof e?.mark?.column === "number" ? e.mark.column + 1 : null;
  return new FrontMatterError(reason, line, column);
}

/**
 * Read a SKILL.md: a card, or null when the front matter is not a mapping.
 * Throws FrontMatterError when the YAML does not parse: the loader could not
 * open it either, and the dashboard says where it broke.
 */
export function parseSkillFile(skillMdPath: string, text: string): SkillCard | null {
  let data: Record<string, unknown>;
  let content: string;
  try {
    // gray-matter caches by content; a catalog is parsed once per change, so skip that cache.
    const parsed = matter(text, { cache: false } as never);
    data = parsed.data as Record<string, unknown>;
    content = parsed.content;
  } catch (err) {
    throw yamlProblem(err);
  }
  if (!data || typeof data !== "object") return null;
  const folderName = path.basename(path.dirname(skillMdPath));
  const name = typeof data.name === "string" && data.name.trim() ? data.name.trim() : folderName;
  const flat = typeof data.description === "string" ? flatten(data.description) : "";
  const body = content.trim().slice(0, BODY_CHARS);
  const related = relatedSkillsOf(data);
  return {
    name,
    description: clipFlat(flat),
    ...fullDescriptionOf(flat),
    path: skillMdPath,
    descriptionChars: codePoints(flat),
    ...(body ? { body } : {}),
    ...(related.length ? { related } : {}),
  };
}

const SURROGATE = /[\uD800-\uDFFF]/;

function flatten(text: string): string {
  return text.replace(/\s+/g, " ").trim();
}

/** Length in code points; plain UTF-16 length unless the text has astral characters. */
function codePoints(text: string): number {
  return SURROGATE.test(text) ? Array.from(text).length : text.length;
}

function clipFlat(flat: string, chars = DESCRIPTION_CHARS): string {
  if (flat.length <= chars) return flat; // never more code points than UTF-16 units
  return SURROGATE.test(flat) ? Array.from(flat).slice(0, chars).join("") : flat.slice(0, chars);
}

/** `fullDescription` when the description is longer than the card's 200 characters (at most FULL_DESCRIPTION_CHARS). */
function fullDescriptionOf(flat: string): { fullDescription?: string } {
  return flat.length > DESCRIPTION_CHARS && codePoints(flat) > DESCRIPTION_CHARS ? { fullDescription: clipFlat(flat, FULL_DESCRIPTION_CHARS) } : {};
}

/** A card's description fields from a whole description: the first 200 characters, and the whole when longer. */
export function descriptionFields(description: string): { description: string; fullDescription?: string } {
  const flat = flatten(description);
  return { description: clipFlat(flat), ...fullDescriptionOf(flat) };
}

/** Whitespace-normalised first DESCRIPTION_CHARS characters (code points, not UTF-16 units). */
export function clipDescription(description: string): string {
  return clipFlat(flatten(description));
}
