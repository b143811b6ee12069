import fs from "node:fs";
import path from "node:path";
import { JevError } from "../../lib/errors";
import { atomicWriteFile } from "../../lib/fs/atomic-write";

type Json = Record<string, unknown>;

/** A file the command writes for the hook, mode 0600 in a 0700 folder (the token is a secret). */
export interface HookFile {
  path: string;
  content: string;
}

/** An agent's hooks file as it is: null when it does not exist yet; a file that is not a JSON object is refused as it is. */
export function readHooksFile(file: string): { text: string | null; settings: Json } {
  let text: string | null = null;
  try {
    text = fs.readFileSync(file, "utf8");
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== "ENOENT") throw new JevError("internal", `cannot read ${file}`);
  }
  if (text === null || text.trim() === "") return { text, settings: {} };
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new JevError("conflict", `${file} is not JSON; left as it is`);
  }
  if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed)) throw new JevError("conflict", `${file} is not a JSON object; left as it is`);
  return { text, settings: parsed as Json };
}

/** Write a hook file privately, unless it already says this; true when it changed. */
export async function writePrivate(file: HookFile): Promise<boolean> {
  const now = fs.statSync(file.path, { throwIfNoEntry: false });
  if (now?.isFile() && (now.mode & 0o077) === 0 && fs.readFileSync(file.path, "utf8") === file.content) return false;
  fs.mkdirSync(path.dirname(file.path), { recursive: true, mode: 0o700 });
  await atomicWriteFile(file.path, file.content, `.${path.basename(file.path)}.jev`, { mode: 0o600 });
  return true;
}

/** Write the merged hooks file, a backup of the old one first; false (and nothing written) when jev's entries were there already. */
export async function writeMerged(
  file: string,
  text: string | null,
  merged: { settings: Json; changed: boolean },
  out: (line: string) => void,
): Promise<boolean> {
  if (!merged.changed) {
    out(`jev's hooks are already in ${file}`);
    return false;
  }
  fs.mkdirSync(path.dirname(file), { recursive: true });
  if (text !== null) {
    const backup = `${file}.jev-backup-${new Date().toISOString().replace(/[:.]/g, "-")}`;
    fs.copyFileSync(file, backup);
    out(`backup: ${backup}`);
  }
  await atomicWriteFile(file, `${JSON.stringify(merged.settings, null, 2)}\n`, `.${path.basename(file)}.jev`);
  return true;
}

/** The files the hook reads its server from: `<dir>/url`, and `<dir>/token` when jev can show the token. */
export function serverFiles(dir: string, url: string, token: string | null): HookFile[] {
  const files: HookFile[] = [{ path: path.join(dir, "url"), content: `${url}\n` }];
  if (token) files.push({ path: path.join(dir, "token"), content: `${token}\n` });
  return files;
}
