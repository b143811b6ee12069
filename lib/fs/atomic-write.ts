import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { assertWritableTarget } from "./safe-target";

const TEMP_CHARS = "abcdefghijklmnopqrstuvwxyz0123456789_";

function tempName(prefix: string): string {
  const bytes = randomBytes(8);
  let name = prefix;
  for (const b of bytes) name += TEMP_CHARS[b % TEMP_CHARS.length];
  return `${name}.tmp`;
}

/** The name a temp file of `prefix` has: `<prefix><8 chars>.tmp`, as Python's mkstemp makes them. */
function isTempName(name: string, prefix: string): boolean {
  return name.length === prefix.length + 12 && name.startsWith(prefix) && name.endsWith(".tmp");
}

/** A temp file older than this was left by a write that was interrupted (a write takes milliseconds). */
const LEFTOVER_AGE_MS = 60_000;

/**
 * Remove what interrupted writes (a process killed between its temp file and its rename) left in `folder`:
 * `<prefix><8 chars>.tmp` files. With `underLock`, the caller holds the lock every writer of the target takes
 * (Hermes's usage lock), so no such file is being written and all go; otherwise only those older than a minute.
 */
export async function removeLeftoverTemps(folder: string, prefix: string, options: { underLock?: boolean; now?: number } = {}): Promise<number> {
  const fsp = fs.promises;
  let names: string[];
  try {
    names = (await fsp.readdir(/*turbopackIgnore: true*/ folder)).filter((n) => isTempName(n, prefix));
  } catch {
    return 0;
  }
  let removed = 0;
  const now = options.now ?? Date.now();
  for (const name of names) {
    const file = path.join(folder, name);
    const st = await fsp.lstat(/*turbopackIgnore: true*/ file).catch(() => undefined);
    if (!st?.isFile() || (!options.underLock && now - st.mtimeMs < LEFTOVER_AGE_MS)) continue;
    await fsp.rm(/*turbopackIgnore: true*/ file, { force: true });
    removed++;
  }
  return removed;
}

/**
 * Replace `target` with `data` the way Hermes does (curator spec §1, "AW"): an exclusive temp file in the same
 * folder, written, fsynced and renamed over it, so a reader sees the old file or the new one. The permission bits are
 * kept, across devices it copies; on failure the target is left as it was. The target is a regular file or not there
 * yet: a link is refused, never written through (one planted at a SKILL.md led to ~/.bashrc), and so is anything else.
 */
// The temp is `<prefix><8 chars>.tmp`; temps of earlier interrupted writes older than a minute go after the rename.
export async function atomicWriteFile(
  target: string,
  data: string,
  prefix: string,
  options: { sweepLeftovers?: boolean /** The file's permission bits, whatever they were (a secret's 0600). */; mode?: number } = {},
): Promise<void> {
  const fsp = fs.promises;
  assertWritableTarget(target);
  const resolved = target;
  const existingMode = (await fsp.stat(/*turbopackIgnore: true*/ resolved).catch(() => undefined))?.mode;
  const temp = path.join(path.dirname(resolved), tempName(prefix));
  // Asynchronous throughout: the fsync waits off the event loop, so a server keeps answering (and gathering the next batch).
  let handle: fs.promises.FileHandle | undefined;
  try {
    handle = await fsp.open(/*turbopackIgnore: true*/ temp, "wx", options.mode ?? 0o666);
    if (options.mode !== undefined) await handle.chmod(options.mode);
    else if (existingMode !== undefined) await handle.chmod(existingMode & 0o7777);
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
  if (options.sweepLeftovers !== false) await removeLeftoverTemps(path.dirname(resolved), prefix);
}
