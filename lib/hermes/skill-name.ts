import fs from "node:fs";
import path from "node:path";

/**
 * Hermes's provenance name reader (curator spec §3.1): the first non-empty
 * `name:` line of the front matter in the first 4,000 characters of
 * `SKILL.md`, quotes stripped, else the folder's name. Every provenance and
 * eligibility decision names skills this way (a full YAML parse may differ).
 */
export function provenanceName(skillFolder: string): string {
  let text = "";
  try {
    const file = path.join(skillFolder, "SKILL.md");
    const fd = fs.openSync(/*turbopackIgnore: true*/ file, "r");
    try {
      const buffer = Buffer.alloc(16_000); // 4,000 characters are at most 16,000 bytes of UTF-8
      const read = fs.readSync(fd, buffer, 0, buffer.length, 0);
      text = new TextDecoder("utf-8", { fatal: false }).decode(buffer.subarray(0, read)).slice(0, 4_000);
    } finally {
      fs.closeSync(fd);
    }
  } catch {
    return path.basename(skillFolder);
  }
  const lines = text.split(/\r?\n/).map((l) => l.trim());
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
