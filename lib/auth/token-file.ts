import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { readSmallTextSync } from "../fs/regular-file";

/**
 * The generated API token's own file (`<JEV_DB>.token`): created readable and
 * writable by its owner only (0600, in a folder made 0700), written whole or
 * not at all, so `jev token` can print the token the banner showed once.
 */
export function writeTokenFile(file: string, token: string): void {
  fs.mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  const temp = `${file}.${crypto.randomBytes(6).toString("hex")}.tmp`;
  try {
    const fd = fs.openSync(temp, "wx", 0o600);
    try {
      fs.writeSync(fd, `${token}\n`);
      fs.fsyncSync(fd);
    } finally {
      fs.closeSync(fd);
    }
    fs.renameSync(temp, file);
  } catch (err) {
    fs.rmSync(temp, { force: true });
    throw err;
  }
}

/** The token in the file, or null when there is none (missing, unreadable, empty). */
export function readTokenFile(file: string): string | null {
  return readSmallTextSync(file, 4_096)?.trim() || null;
}
