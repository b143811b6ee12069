import fs from "node:fs";
import fsp from "node:fs/promises";

/**
 * Reading one SKILL.md without trusting what the path names. Opened
 * non-blocking, so a FIFO put there (even after the walk checked it) cannot
 * hang the reader; checked on the open descriptor to be a regular file; read
 * only as far as front matter can reach, so a huge file costs no memory.
 */
export const MAX_SKILL_FILE_BYTES = 256 * 1024;
const OPEN_FLAGS = fs.constants.O_RDONLY | fs.constants.O_NONBLOCK;

export interface SkillFileRead {
  mtimeMs: number;
  size: number;
  /** The file's first MAX_SKILL_FILE_BYTES as UTF-8; null when it is not a regular file. */
  text: string | null;
}

/** Null when the file is gone or cannot be opened. */
export function readSkillFileSync(file: string): SkillFileRead | null {
  let fd: number;
  try {
    fd = fs.openSync(file, OPEN_FLAGS);
  } catch {
    return null;
  }
  try {
    const st = fs.fstatSync(fd);
    if (!st.isFile()) return { mtimeMs: st.mtimeMs, size: st.size, text: null };
    const buf = Buffer.allocUnsafe(Math.min(st.size, MAX_SKILL_FILE_BYTES));
    let got = 0;
    while (got < buf.length) {
      const n = fs.readSync(fd, buf, got, buf.length - got, got);
      if (n === 0) break;
      got += n;
    }
    return { mtimeMs: st.mtimeMs, size: st.size, text: buf.toString("utf8", 0, got) };
  } catch {
    return null;
  } finally {
    fs.closeSync(fd);
  }
}

/** The same, off the event loop. */
export async function readSkillFile(file: string): Promise<SkillFileRead | null> {
  let handle: fsp.FileHandle;
  try {
    handle = await fsp.open(file, OPEN_FLAGS);
  } catch {
    return null;
  }
  try {
    const st = await handle.stat();
    if (!st.isFile()) return { mtimeMs: st.mtimeMs, size: st.size, text: null };
    const buf = Buffer.allocUnsafe(Math.min(st.size, MAX_SKILL_FILE_BYTES));
    let got = 0;
    while (got < buf.length) {
      const { bytesRead } = await handle.read(buf, got, buf.length - got, got);
      if (bytesRead === 0) break;
      got += bytesRead;
    }
    return { mtimeMs: st.mtimeMs, size: st.size, text: buf.toString("utf8", 0, got) };
  } catch {
    return null;
  } finally {
    await handle.close();
  }
}
