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
export async function atomicWriteFile(target: string, data: string, prefix: string): Promise<void> {
  const fsp = fs.promises;
  const link = await fsp.lstat(/*turbopackIgnore: true*/ target).catch(() => undefined);
  const resolved = link?.isSymbolicLink() ? await fsp.realpath(/*turbopackIgnore: true*/ target) : target;
  const existingMode = (await fsp.stat(/*turbopackIgnore: true*/ resolved).catch(() => undefined))?.mode;
  const temp = path.join(path.dirname(resolved), tempName(prefix));
  // Asynchronous throughout: the fsync waits off the event loop, so a server keeps answering (and gathering the next batch).
  let handle: fs.promises.FileHandle | undefined;
  try {
    handle = await fsp.open(/*turbopackIgnore: true*/ temp, "wx", 0o666);
    if (existingMode !== undefined) await handle.chmod(existingMode & 0o7777);
    await handle.writeFile(data, "utf8");
    await handle.sync();
    await handle.close();
    handle = undefined;
    try {
      await fsp.rename(/*turbopackIgnore: true*/ temp, resolved);
    } catch (err) {
      const code = (err as NodeJS.ErrnoException).code;
      if (code !== "EXDEV" && code !== "EBUSY") throw err;
      await fsp.copyFile(/*turbopackIgnore: true*/ temp, resolved);
      const out = await fsp.open(/*turbopackIgnore: true*/ resolved, "r+");
      try {
        await out.sync();
      } finally {
        await out.close();
      }
      await fsp.unlink(/*turbopackIgnore: true*/ temp);
    }
  } catch (err) {
    await handle?.close().catch(() => {});
    await fsp.rm(/*turbopackIgnore: true*/ temp, { force: true });
    throw err;
  }
}
