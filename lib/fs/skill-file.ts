import { readHead, readHeadSync } from "./regular-file";

/**
 * Reading one SKILL.md without trusting what the path names (lib/fs/regular-file: opened non-blocking, checked to be
 * a regular file on the open descriptor, so a FIFO put there, even after the walk checked it, cannot hang the
 * reader); read only as far as front matter can reach, so a huge file costs no memory.
 */
export const MAX_SKILL_FILE_BYTES = 256 * 1024;

export interface SkillFileRead {
  mtimeMs: number;
  size: number;
  /** The file's first MAX_SKILL_FILE_BYTES as UTF-8; null when it is not a regular file. */
  text: string | null;
}

/** Null when the file is gone or cannot be opened. At most `maxBytes` are read (default: as far as front matter can reach). */
export function readSkillFileSync(file: string, maxBytes = MAX_SKILL_FILE_BYTES): SkillFileRead | null {
  const head = readHeadSync(file, maxBytes);
  return head && { mtimeMs: head.mtimeMs, size: head.size, text: head.bytes?.toString("utf8") ?? null };
}

/** The same, off the event loop; with `noFollow`, a link at `file` itself is not opened (a path already resolved and checked). */
export async function readSkillFile(file: string, maxBytes = MAX_SKILL_FILE_BYTES, options: { noFollow?: boolean } = {}): Promise<SkillFileRead | null> {
  const head = await readHead(file, maxBytes, options);
  return head && { mtimeMs: head.mtimeMs, size: head.size, text: head.bytes?.toString("utf8") ?? null };
}
