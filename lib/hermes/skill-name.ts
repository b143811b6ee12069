import path from "node:path";
import { readSkillFile, readSkillFileSync } from "../fs/skill-file";

/** 4,000 characters are at most 16,000 bytes of UTF-8. */
const NAME_BYTES = 16_000;

/**
 * Hermes's provenance name reader (curator spec §3.1): the first non-empty `name:` line of the front matter in the
 * first 4,000 characters of `SKILL.md`, quotes stripped, else the folder's name. Every provenance and eligibility
 * decision names skills this way (a full YAML parse may differ). The file is opened non-blocking and read only when
 * it is a regular file, so a FIFO or device named SKILL.md cannot hang the reader.
 */
export function provenanceName(skillFolder: string): string {
  return nameFromText(readSkillFileSync(path.join(skillFolder, "SKILL.md"), NAME_BYTES)?.text ?? null, skillFolder);
}

/** The same, off the event loop. */
export async function readProvenanceName(skillFolder: string): Promise<string> {
  return nameFromText((await readSkillFile(path.join(skillFolder, "SKILL.md"), NAME_BYTES))?.text ?? null, skillFolder);
}

/** The name a SKILL.md's first 4,000 characters give (null: unreadable), else the folder's. */
export function nameFromText(head: string | null, skillFolder: string): string {
  if (head === null) return path.basename(skillFolder);
  const lines = head
    .slice(0, 4_000)
    .split(/\r?\n/)
    .map((l) => l.trim());
  const start = lines.indexOf("---");
  if (start !== -1) {
    for (let i = start + 1; i < lines.length && lines[i] !== "---"; i++) {
      if (!lines[i].startsWith("name:")) continue;
      const value = lines[i]
        .slice(5)
        .trim()
        .replace(/^["']+|["']+$/g, "");
      if (value) return value;
    }
  }
  return path.basename(skillFolder);
}
