import fs from "node:fs";
import { JevError } from "../base/errors";

/**
 * The one rule for a file jev writes inside a Hermes home or an agent's config folder: it is a regular file or does
 * not exist yet. A link (made by an agent, an installed skill or another user) would have jev write through it, or
 * replace it, outside the folder; a FIFO would hang the write; a folder cannot be one. Checked for every target
 * before any change is made.
 */
export function assertWritableTarget(file: string): void {
  const st = fs.lstatSync(/*turbopackIgnore: true*/ file, { throwIfNoEntry: false });
  if (!st || st.isFile()) return;
  const what = st.isSymbolicLink() ? "a symlink" : st.isDirectory() ? "a folder" : "not a regular file";
  throw new JevError(
    "conflict",
    `${file} is ${what}; jev writes only a regular file there (remove it, or make it one, and run this again); nothing was changed`,
  );
}

/** A folder of jev's own (its URL and token, its hook copy): created 0700, and narrowed to 0700 when it exists and is this user's. */
export function ensurePrivateFolder(dir: string): void {
  const st = fs.lstatSync(/*turbopackIgnore: true*/ dir, { throwIfNoEntry: false });
  if (st?.isSymbolicLink() || (st && !st.isDirectory()))
    throw new JevError("conflict", `${dir} is not a folder of jev's own (a link or a file); nothing was changed`);
  if (!st) {
    fs.mkdirSync(/*turbopackIgnore: true*/ dir, { recursive: true, mode: 0o700 });
    return;
  }
  if (typeof process.getuid === "function" && st.uid !== process.getuid())
    throw new JevError("conflict", `${dir} belongs to another user; jev will not put its token there`);
  if ((st.mode & 0o077) !== 0) fs.chmodSync(/*turbopackIgnore: true*/ dir, 0o700);
}
