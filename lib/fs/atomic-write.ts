import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";

const TEMP_CHARS = "abcdefghijklmnopqrstuvwxyz0123456789_";

function tempName(prefix: string): string {
  const bytes = randomBytes(8);
  let name = prefix;
  for (const b of bytes) name += TEMP_CHARS[b % TEMP_CHARS.length];
  return `${name}.tmp`;
}

/**
 * Replace `target` with `data` the way Hermes does (curator spec §1, "AW"):
 * an exclusive temp file `<prefix><8 chars>.tmp` in the same folder, written,
 * fsynced and renamed over the target, so a reader sees the old file or the
 * new one and never a part. A symlinked target keeps its link (the rename
 * goes to what it points at); the target's permission bits are kept; across
 * devices it falls back to copy + fsync + unlink. On any failure the temp is
 * removed and the target left as it was.
 */
export function atomicWriteFile(target: string, data: string, prefix: string): void {
  const resolved = fs.lstatSync(/*turbopackIgnore: true*/ target, { throwIfNoEntry: false })?.isSymbolicLink()
    ? fs.realpathSync(/*turbopackIgnore: true*/ target)
    : target;
  const existingMode = fs.statSync(/*turbopackIgnore: true*/ resolved, { throwIfNoEntry: false })?.mode;
  const temp = path.join(path.dirname(resolved), tempName(prefix));
  let fd: number | undefined;
  try {
    fd = fs.openSync(/*turbopackIgnore: true*/ temp, "wx", 0o666);
    if (existingMode !== undefined) fs.fchmodSync(fd, existingMode & 0o7777);
    fs.writeSync(fd, data, null, "utf8");
    fs.fsyncSync(fd);
    fs.closeSync(fd);
    fd = undefined;
    try {
      fs.renameSync(/*turbopackIgnore: true*/ temp, resolved);
    } catch (err) {
      const code = (err as NodeJS.ErrnoException).code;
      if (code !== "EXDEV" && code !== "EBUSY") throw err;
      fs.copyFileSync(/*turbopackIgnore: true*/ temp, resolved);
      const out = fs.openSync(/*turbopackIgnore: true*/ resolved, "r+");
      try {
        fs.fsyncSync(out);
      } finally {
        fs.closeSync(out);
      }
      fs.unlinkSync(/*turbopackIgnore: true*/ temp);
    }
  } catch (err) {
    if (fd !== undefined) fs.closeSync(fd);
    fs.rmSync(/*turbopackIgnore: true*/ temp, { force: true });
    throw err;
  }
}
