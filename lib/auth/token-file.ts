import fs from "node:fs";
import path from "node:path";
import { atomicWriteFile } from "../fs/atomic-write";
import { readSmallTextSync } from "../fs/regular-file";

/**
 * The generated API token's own file (`<JEV_DB>.token`): readable and
 * writable by its owner only (0600, in a folder created 0700), written
 * whole or not at all, so `jev token` can print the token the banner showed once.
 */
export async function writeTokenFile(file: string, token: string): Promise<void> {
  fs.mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  await atomicWriteFile(file, `${token}\n`, `.${path.basename(file)}_`, { mode: 0o600 });
}

/** The token in the file, or null when there is none (missing, unreadable, empty, or a link: never read through one). */
export function readTokenFile(file: string): string | null {
  if (fs.lstatSync(/*turbopackIgnore: true*/ file, { throwIfNoEntry: false })?.isSymbolicLink()) return null;
  return readSmallTextSync(file, 4_096)?.trim() || null;
}
