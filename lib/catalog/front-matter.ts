import matter from "gray-matter";
import path from "node:path";
import { DESCRIPTION_CHARS, type SkillCard } from "./types";

/** Result of reading a SKILL.md: a card, or null when the file has no usable front matter. */
export function parseSkillFile(skillMdPath: string, text: string): SkillCard | null {
  let data: Record<string, unknown>;
  try {
    // gray-matter caches by content; a catalog is parsed once per change, so skip that cache.
    data = matter(text, { cache: false } as never).data as Record<string, unknown>;
  } catch {
    return null; // malformed YAML: the loader could not open it either
  }
  if (!data || typeof data !== "object") return null;
  const folderName = path.basename(path.dirname(skillMdPath));
  const name = typeof data.name === "string" && data.name.trim() ? data.name.trim() : folderName;
  const flat = typeof data.description === "string" ? flatten(data.description) : "";
  return { name, description: clipFlat(flat), path: skillMdPath, descriptionChars: codePoints(flat) };
}

const SURROGATE = /[\uD800-\uDFFF]/;

function flatten(text: string): string {
  return text.replace(/\s+/g, " ").trim();
}

/** Length in code points; plain UTF-16 length unless the text has astral characters. */
function codePoints(text: string): number {
  return SURROGATE.test(text) ? Array.from(text).length : text.length;
}

function clipFlat(flat: string): string {
  if (flat.length <= DESCRIPTION_CHARS) return flat; // never more code points than UTF-16 units
  return SURROGATE.test(flat) ? Array.from(flat).slice(0, DESCRIPTION_CHARS).join("") : flat.slice(0, DESCRIPTION_CHARS);
}

/** Whitespace-normalised first DESCRIPTION_CHARS characters (code points, not UTF-16 units). */
export function clipDescription(description: string): string {
  return clipFlat(flatten(description));
}
