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
  const raw = typeof data.description === "string" ? data.description : "";
  return { name, description: clipDescription(raw), path: skillMdPath, descriptionChars: Array.from(raw.replace(/\s+/g, " ").trim()).length };
}

/** Whitespace-normalised first DESCRIPTION_CHARS characters (code points, not UTF-16 units). */
export function clipDescription(description: string): string {
  const flat = description.replace(/\s+/g, " ").trim();
  const chars = Array.from(flat);
  return chars.length <= DESCRIPTION_CHARS ? flat : chars.slice(0, DESCRIPTION_CHARS).join("");
}
